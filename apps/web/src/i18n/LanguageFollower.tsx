/** Shows the app in the signed-in account's language as it changes: a sign-in as someone else, the Settings choice. */
import { useEffect } from 'react';
import { useAppSelector } from '../app/hooks';
import { pseudoAsked } from './languages';
import { switchLanguage } from './setup';

export function LanguageFollower() {
  const language = useAppSelector((s) => s.auth.userDetails?.language);
  useEffect(() => {
    if (language && !pseudoAsked()) void switchLanguage(language);
  }, [language]);
  return null;
}

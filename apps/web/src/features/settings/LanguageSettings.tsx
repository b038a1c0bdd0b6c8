/** The language choice: shown at once, then kept on the account (mails and pushes use it too). */
import type { Language } from '@plaza/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { APP_LANGUAGES, isAppLanguage, LANGUAGE_NAMES } from '../../i18n/languages';
import { shownLanguage, switchLanguage } from '../../i18n/setup';
import { toast } from '../../lib/toast';
import { useUpdateMeMutation } from './api';
import { failureMessage } from './failure';

export function LanguageSettings() {
  const { t } = useTranslation('settings');
  const id = useId();
  const [updateMe, { isLoading }] = useUpdateMeMutation();
  const current = shownLanguage();

  const choose = async (language: Language) => {
    const before = current;
    await switchLanguage(language);
    try {
      // The app in the new language says it was kept; only a failure needs words.
      await updateMe({ language }).unwrap();
    } catch (failure) {
      await switchLanguage(before);
      toast.error(failureMessage(failure, t('language.failed')));
    }
  };

  return (
    <section className="card p-6">
      <h2 className="mb-4 text-lg font-semibold">{t('language.heading')}</h2>
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        {t('language.label')}
      </label>
      <select
        id={id}
        value={current}
        disabled={isLoading}
        aria-describedby={`${id}-hint`}
        onChange={(e) => isAppLanguage(e.target.value) && void choose(e.target.value)}
        className="w-full rounded-xl border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-900"
      >
        {APP_LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {LANGUAGE_NAMES[language]}
          </option>
        ))}
      </select>
      <p id={`${id}-hint`} className="mt-1 text-sm text-slate-500 dark:text-slate-400">
        {t('language.hint')}
      </p>
    </section>
  );
}

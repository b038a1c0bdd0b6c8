/**
 * The language the public screens' texts are shown in, and its catalog, apart from the English source
 * (auth-texts.tsx): the signed-in app's router sets it from i18next without bundling that English.
 */
import type { ShownLanguage } from '../../i18n/languages';

export type AuthCatalog = Record<string, string>;

export const authShown: { language: ShownLanguage; texts: AuthCatalog } = { language: 'en', texts: {} };

/** Shows the public screens' texts in `language`; a key `texts` lacks reads in English. */
export function showAuthIn(language: ShownLanguage, texts: AuthCatalog = {}): void {
  authShown.language = language;
  authShown.texts = texts;
}

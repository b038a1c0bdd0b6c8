/**
 * i18next for the signed-in app: starts in a language with its catalogs in place (no text flashes in
 * English first), switches at once when the account's language changes, and keeps `<html lang dir>` and
 * the locale of dates and numbers (locale.ts) with it.
 */
import type { Language } from '@plaza/contract';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { ENGLISH, loadCatalogs, NAMESPACES } from './catalogs';
import { directionOf, PSEUDO, type ShownLanguage } from './languages';
import { setLocale } from './locale';
import { pseudoCatalog, type Catalog } from './pseudo';
import { showUiWordsIn } from '../lib/ui-words';

async function addCatalogs(language: ShownLanguage): Promise<void> {
  if (language === 'en' || i18next.hasResourceBundle(language, 'common')) return;
  // The pseudo-locale is made from the English in place, which includes screens' namespaces already loaded.
  const english = () =>
    Object.fromEntries(
      Object.keys(i18next.store.data.en ?? {}).map((ns) => [ns, pseudoCatalog(i18next.getResourceBundle('en', ns) as Catalog)]),
    );
  const catalogs = language === PSEUDO ? english() : await loadCatalogs(language);
  for (const [ns, catalog] of Object.entries(catalogs)) i18next.addResourceBundle(language, ns, catalog, true, true);
}

function showIn(language: ShownLanguage): void {
  const tag = language === PSEUDO ? 'en' : language;
  document.documentElement.lang = tag;
  document.documentElement.dir = directionOf(language);
  setLocale(tag);
}

export async function startI18n(language: ShownLanguage): Promise<void> {
  if (!i18next.isInitialized) {
    await i18next.use(initReactI18next).init({
      lng: 'en',
      fallbackLng: 'en',
      supportedLngs: ['en', 'es', 'ar', PSEUDO],
      ns: [...NAMESPACES],
      defaultNS: 'common',
      resources: { en: ENGLISH },
      // The other languages' catalogs are added as they are fetched (addCatalogs).
      partialBundledLanguages: true,
      // React escapes what it renders.
      interpolation: { escapeValue: false },
      returnNull: false,
    });
  }
  await switchLanguage(language);
}

/** Fetches the language's catalogs if need be, then shows everything in it. */
export async function switchLanguage(language: ShownLanguage): Promise<void> {
  await Promise.all([addCatalogs(language), showUiWordsIn(language)]);
  await i18next.changeLanguage(language);
  showIn(language);
}

export const shownLanguage = (): Language => (i18next.language === PSEUDO ? 'en' : (i18next.language as Language));

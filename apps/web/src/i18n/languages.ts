/**
 * The languages the web app is written in, which way each is read, and the one a visitor's browser asks
 * for. The list mirrors the contract's LANGUAGES (typed against it); it is not imported from there, as the
 * contract's schema module would bring zod into the first screens.
 */
import type { Language } from '@plaza/contract';

export const APP_LANGUAGES = ['en', 'es', 'ar'] as const satisfies readonly Language[];
/** Every English text accented and bracketed, so a text that never went through t() stands out (`?lng=pseudo`). */
export const PSEUDO = 'pseudo';
export type ShownLanguage = Language | typeof PSEUDO;

/** The language's own name, as a picker shows it to someone who may not read the current one. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', es: 'Español', ar: 'العربية' };

export const isAppLanguage = (value: unknown): value is Language => (APP_LANGUAGES as readonly unknown[]).includes(value);

export const directionOf = (language: ShownLanguage): 'rtl' | 'ltr' => (language === 'ar' ? 'rtl' : 'ltr');

/** The first of the browser's languages Plaza is written in ("es-MX" reads Spanish), else English. */
export function browserLanguage(preferred: readonly string[] = navigator.languages ?? [navigator.language]): Language {
  for (const tag of preferred) {
    const base = tag.toLowerCase().split('-')[0];
    if (isAppLanguage(base)) return base;
  }
  return 'en';
}

/** `?lng=pseudo` in the address turns the pseudo-locale on for that load. */
export const pseudoAsked = (search: string = location.search): boolean => new URLSearchParams(search).get('lng') === PSEUDO;

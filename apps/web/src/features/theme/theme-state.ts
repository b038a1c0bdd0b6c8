/** The theme as stored and shown (product.md § Layout and theme); no store here, so the first screen can read it. */
import { STORAGE_KEYS, THEME_CLASSES } from '@plaza/contract/constants';

export interface ThemeState {
  isDarkMode: boolean;
  bg: string;
  color: string;
  text: string;
}

export function themeFor(isDarkMode: boolean): ThemeState {
  const t = isDarkMode ? THEME_CLASSES.dark : THEME_CLASSES.light;
  return { isDarkMode, bg: t.bg, color: isDarkMode ? 'brand-primary' : 'brand-dark', text: t.text };
}

export function loadTheme(): ThemeState {
  const saved = typeof localStorage !== 'undefined' ? localStorage.getItem(STORAGE_KEYS.theme) : null;
  if (saved === 'dark' || saved === 'light') return themeFor(saved === 'dark');
  const prefersDark = typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches;
  return themeFor(prefersDark);
}

/** Shows and remembers a theme; the store's listener does the same when the signed-in app switches it. */
export function applyTheme(isDarkMode: boolean): void {
  localStorage.setItem(STORAGE_KEYS.theme, isDarkMode ? 'dark' : 'light');
  document.documentElement.classList.toggle('dark', isDarkMode);
}

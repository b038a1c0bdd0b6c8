/** Light/dark theme (SPEC §3 Theme, §9 brand classes), persisted under the theme key. */
import { STORAGE_KEYS, THEME_CLASSES } from '@plaza/contract';
import { createSlice } from '@reduxjs/toolkit';

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

const themeSlice = createSlice({
  name: 'theme',
  initialState: themeFor(false),
  reducers: {
    toggleTheme: (state) => themeFor(!state.isDarkMode),
    setDarkMode: (_state, action: { payload: boolean }) => themeFor(action.payload),
  },
});

export const { toggleTheme, setDarkMode } = themeSlice.actions;
export default themeSlice.reducer;

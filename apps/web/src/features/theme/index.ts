/** What the rest of the web app uses of the theme: its state (restored at start) and the switch. */
export { loadTheme } from './themeSlice';
export { ThemeToggle } from './ThemeToggle';

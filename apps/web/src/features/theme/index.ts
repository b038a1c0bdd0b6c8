/** What the rest of the web app uses of the theme: its state (restored at start), the switch and its action. */
export { applyTheme, loadTheme } from './theme-state';
export { ThemeToggle } from './ThemeToggle';
export { toggleTheme } from './themeSlice';

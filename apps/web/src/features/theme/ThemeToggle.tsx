/** The light/dark switch of the navbar and the login and signup pages. */
import { Moon, Sun } from 'lucide-react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { toggleTheme } from './themeSlice';

export function ThemeToggle() {
  const dark = useAppSelector((s) => s.theme.isDarkMode);
  const dispatch = useAppDispatch();
  return (
    <button
      onClick={() => dispatch(toggleTheme())}
      aria-label={dark ? 'Switch to light theme' : 'Switch to dark theme'}
      className="rounded-full p-2 text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
    >
      {dark ? <Sun className="h-5 w-5" /> : <Moon className="h-5 w-5" />}
    </button>
  );
}

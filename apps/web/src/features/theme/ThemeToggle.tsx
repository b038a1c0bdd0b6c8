/** The light/dark switch of the navbar and the login and signup pages. */
import { Moon, Sun } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { toggleTheme } from './themeSlice';

export function ThemeToggle() {
  const { t } = useTranslation();
  const dark = useAppSelector((s) => s.theme.isDarkMode);
  const dispatch = useAppDispatch();
  return (
    <button
      onClick={() => dispatch(toggleTheme())}
      aria-label={dark ? t('ui.lightTheme') : t('ui.darkTheme')}
      className="rounded-full p-2 text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
    >
      {dark ? <Sun className="h-5 w-5" /> : <Moon className="h-5 w-5" />}
    </button>
  );
}

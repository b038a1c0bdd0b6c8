/** Plaza's logo, a link home: the navbar and the login and signup pages show it. */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export function Logo() {
  const { t } = useTranslation();
  return (
    <Link to="/feeds" className="flex min-h-11 min-w-11 shrink-0 items-center justify-center gap-2 text-lg font-extrabold tracking-tight">
      <img src="/favicon.svg" alt="" className="h-8 w-8" />
      {/* Hidden visually on phones, never from screen readers: the link keeps its name. */}
      <span className="sr-only sm:not-sr-only">{t('ui.appName')}</span>
    </Link>
  );
}

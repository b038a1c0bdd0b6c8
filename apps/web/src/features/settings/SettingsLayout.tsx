/** The settings screen (product.md § Settings and your data): tabs for account and profile above the chosen one. */
import { NavLink, Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';

const tab = ({ isActive }: { isActive: boolean }) =>
  `shrink-0 whitespace-nowrap rounded-xl px-4 py-2 text-sm font-semibold ${isActive ? 'bg-brand-primary text-white' : 'text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800'}`;

export default function SettingsLayout() {
  const { t } = useTranslation('settings');
  return (
    <div className="mx-auto max-w-2xl">
      <h1 className="mb-4 text-2xl font-bold">{t('title')}</h1>
      {/* One row that scrolls sideways on a phone, rather than a second row of tabs. */}
      <nav className="-mx-4 mb-6 flex gap-2 overflow-x-auto px-4 pb-1 sm:mx-0 sm:flex-wrap sm:px-0" aria-label={t('sections')}>
        <NavLink to="/settings/account" className={tab}>
          {t('tabs.account')}
        </NavLink>
        <NavLink to="/settings/profile" className={tab}>
          {t('tabs.profile')}
        </NavLink>
        <NavLink to="/settings/security" className={tab}>
          {t('tabs.security')}
        </NavLink>
        <NavLink to="/settings/notifications" className={tab}>
          {t('tabs.notifications')}
        </NavLink>
        <NavLink to="/settings/blocked" className={tab}>
          {t('tabs.blocked')}
        </NavLink>
        <NavLink to="/settings/data" className={tab}>
          {t('tabs.data')}
        </NavLink>
      </nav>
      <Outlet />
    </div>
  );
}

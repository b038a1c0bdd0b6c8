/** The settings screen (product.md § Settings and your data): tabs for account and profile above the chosen one. */
import { NavLink, Outlet } from 'react-router';

const tab = ({ isActive }: { isActive: boolean }) =>
  `shrink-0 whitespace-nowrap rounded-xl px-4 py-2 text-sm font-semibold ${isActive ? 'bg-brand-primary text-white' : 'text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800'}`;

export default function SettingsLayout() {
  return (
    <div className="mx-auto max-w-2xl">
      <h1 className="mb-4 text-2xl font-bold">Settings</h1>
      {/* One row that scrolls sideways on a phone, rather than a second row of tabs. */}
      <nav className="-mx-4 mb-6 flex gap-2 overflow-x-auto px-4 pb-1 sm:mx-0 sm:flex-wrap sm:px-0" aria-label="Settings sections">
        <NavLink to="/settings/account" className={tab}>
          Account
        </NavLink>
        <NavLink to="/settings/profile" className={tab}>
          Profile
        </NavLink>
        <NavLink to="/settings/security" className={tab}>
          Security
        </NavLink>
        <NavLink to="/settings/notifications" className={tab}>
          Notifications
        </NavLink>
        <NavLink to="/settings/blocked" className={tab}>
          Blocked people
        </NavLink>
        <NavLink to="/settings/data" className={tab}>
          Your data
        </NavLink>
      </nav>
      <Outlet />
    </div>
  );
}

import { ChevronsLeft, ChevronsRight, ShieldCheck } from 'lucide-react';
import { NavLink } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { toggleSidebar } from './sidebarSlice';
import { NavBadgeCount, useNavBadges } from './NavBadgeCount';
import { NAV_ITEMS } from './nav-items';
import { useTranslation } from 'react-i18next';

const linkClass = (active: boolean, expanded: boolean) =>
  `flex items-center gap-3 rounded-xl px-3 py-2.5 text-sm font-medium transition ${expanded ? '' : 'justify-center'} ${
    active
      ? 'bg-brand-primary/10 text-brand-primary dark:bg-brand-primary/20 dark:text-indigo-300'
      : 'text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800'
  }`;

export function Sidebar() {
  const expanded = useAppSelector((s) => s.sidebar.isSidebarExpanded);
  const dispatch = useAppDispatch();
  const role = useAppSelector((s) => s.auth.userDetails?.role);
  const staff = role === 'moderator' || role === 'admin';
  const badges = useNavBadges();
  const { t } = useTranslation();
  return (
    // The column runs the page's whole height (a long page captured or printed whole shows no strip of background
    // below it); what is inside sticks under the navbar, a screen tall.
    <aside
      aria-label={t('nav.main')}
      className={`absolute inset-y-0 start-0 z-30 hidden border-e border-slate-200 bg-white/80 pt-16 md:block dark:border-slate-800 dark:bg-brand-dark/80 ${expanded ? 'w-60' : 'w-20'}`}
    >
      <div className="sticky top-16 flex h-[calc(100dvh-4rem)] flex-col p-3">
        <nav className="flex flex-1 flex-col gap-1">
          {NAV_ITEMS.map((item) => {
            const { to, label, icon: Icon } = item;
            const badge = 'badge' in item ? item.badge : null;
            return (
              <NavLink key={to} to={to} title={t(label)} className={({ isActive }) => linkClass(isActive, expanded)}>
                <span className="relative shrink-0">
                  <Icon className="h-5 w-5" />
                  {badge && !expanded && <NavBadgeCount kind={badge} count={badges[badge]} compact />}
                </span>
                {expanded && <span>{t(label)}</span>}
                {badge && expanded && <NavBadgeCount kind={badge} count={badges[badge]} compact={false} />}
              </NavLink>
            );
          })}
          {staff && (
            <NavLink to="/admin" title={t('nav.moderation')} className={({ isActive }) => linkClass(isActive, expanded)}>
              <ShieldCheck className="h-5 w-5 shrink-0" />
              {expanded && <span>{t('nav.moderation')}</span>}
            </NavLink>
          )}
        </nav>
        <button
          onClick={() => dispatch(toggleSidebar())}
          aria-label={expanded ? t('nav.collapseSidebar') : t('nav.expandSidebar')}
          aria-expanded={expanded}
          className="flex items-center justify-center gap-2 rounded-xl px-3 py-2 text-sm text-slate-500 hover:bg-slate-100 dark:text-slate-400 dark:hover:bg-slate-800"
        >
          {expanded ? <ChevronsLeft className="h-5 w-5" /> : <ChevronsRight className="h-5 w-5" />}
          {expanded && t('nav.collapse')}
        </button>
      </div>
    </aside>
  );
}

export function MobileNav() {
  const badges = useNavBadges();
  const { t } = useTranslation();
  return (
    <nav
      aria-label={t('nav.main')}
      className="fixed inset-x-0 bottom-0 z-30 flex h-14 items-center justify-around border-t border-slate-200 bg-white/95 backdrop-blur md:hidden dark:border-slate-800 dark:bg-brand-dark/95"
    >
      {NAV_ITEMS.map((item) => {
        const { to, label, icon: Icon } = item;
        const badge = 'badge' in item ? item.badge : null;
        return (
          <NavLink
            key={to}
            to={to}
            className={({ isActive }) =>
              `flex min-h-11 min-w-11 flex-col items-center justify-center gap-0.5 rounded-lg px-3 py-1 text-[11px] font-medium ${isActive ? 'text-brand-primary dark:text-indigo-300' : 'text-slate-500 dark:text-slate-400'}`
            }
          >
            <span className="relative">
              <Icon className="h-5 w-5" />
              {badge && <NavBadgeCount kind={badge} count={badges[badge]} compact />}
            </span>
            {t(label)}
          </NavLink>
        );
      })}
    </nav>
  );
}

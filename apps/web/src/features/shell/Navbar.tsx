/** The top bar: logo, people search, theme, notifications and the account menu of the signed-in user. */
import { Menu, MenuButton, MenuItem, MenuItems } from '../../components/Menu';
import { LogOut, Settings, UserRound } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { Avatar } from '../../components/Avatar';
import { Logo } from '../../components/Logo';
import { logoutUser } from '../auth';
import { NotificationsBell } from '../notifications';
import { profilePath } from '../../lib/profile-path';
import { NavbarSearch } from '../search';
import { ThemeToggle } from '../theme';
import { useTranslation } from 'react-i18next';

export function Navbar() {
  const user = useAppSelector((s) => s.auth.userDetails);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const logout = async () => {
    await dispatch(logoutUser());
    void navigate('/auth/login', { replace: true });
  };
  const { t } = useTranslation();
  const itemClass = 'flex w-full items-center gap-2 rounded-lg px-3 py-2 text-sm data-focus:bg-slate-100 dark:data-focus:bg-slate-700';

  return (
    <header className="fixed inset-x-0 top-0 z-40 flex h-16 items-center gap-3 border-b border-slate-200 bg-white/85 px-3 backdrop-blur sm:px-6 dark:border-slate-800 dark:bg-brand-dark/85">
      <Logo />
      <div className="mx-auto w-full max-w-md">
        <NavbarSearch />
      </div>
      <ThemeToggle />
      <NotificationsBell />
      <Menu className="relative shrink-0">
        <MenuButton aria-label={t('menu.account')} className="rounded-full focus-visible:outline-2">
          <Avatar name={user?.fullName ?? user?.userName ?? '?'} id={user?._id ?? ''} src={user?.userImage} size="sm" decorative />
        </MenuButton>
        <MenuItems className="card z-50 mt-2 w-56 p-1.5 focus:outline-none">
          <div className="px-3 py-2">
            <p className="truncate text-sm font-semibold">{user?.fullName}</p>
            <p className="truncate text-xs text-slate-500 dark:text-slate-400">@{user?.userName}</p>
          </div>
          <MenuItem>
            <Link to={user ? profilePath(user.userName, user.userName) : '/feeds'} className={itemClass}>
              <UserRound className="h-4 w-4" /> {t('menu.profile')}
            </Link>
          </MenuItem>
          <MenuItem>
            <Link to="/settings/account" className={itemClass}>
              <Settings className="h-4 w-4" /> {t('nav.settings')}
            </Link>
          </MenuItem>
          <MenuItem>
            <button onClick={() => void logout()} className={`${itemClass} text-rose-600 dark:text-rose-400`}>
              <LogOut className="h-4 w-4" /> {t('menu.logOut')}
            </button>
          </MenuItem>
        </MenuItems>
      </Menu>
    </header>
  );
}

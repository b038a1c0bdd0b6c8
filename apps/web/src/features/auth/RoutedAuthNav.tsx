/** The login and signup screens inside the signed-in app's router (after a logout or an expired session). */
import i18next from 'i18next';
import { useMemo, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { toggleTheme } from '../theme';
import type { ShownLanguage } from '../../i18n/languages';
import { showAuthIn, type AuthCatalog } from './auth-language';
import { AuthNavProvider, safeReturnUrl, type AuthNav } from './auth-nav';
import { sessionStarted } from './authSlice';

/**
 * Here the public screens read the signed-in app's language, with the `auth` catalog i18next fetched
 * along with the language's others (i18n/catalogs.ts); set before any of them renders.
 */
const follow = (language: string) =>
  showAuthIn(language as ShownLanguage, i18next.getResourceBundle(language, 'auth') as AuthCatalog | undefined);
if (i18next.language) follow(i18next.language);
i18next.on('languageChanged', follow);

export function RoutedAuthNav({ children }: { children: ReactNode }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const dark = useAppSelector((s) => s.theme.isDarkMode);
  const nav = useMemo<AuthNav>(() => {
    const from = (location.state as { from?: { pathname: string; search?: string } } | null)?.from;
    const returnTo = safeReturnUrl(location.search) ?? (from ? from.pathname + (from.search ?? '') : '/feeds');
    return {
      navigate: (to, options) => void navigate(to, options),
      returnTo,
      signedIn({ response }) {
        dispatch(sessionStarted({ user: response.user, accessToken: response.accessToken, refreshToken: response.refreshToken }));
        void navigate(returnTo, { replace: true });
      },
      dark,
      toggleTheme: () => dispatch(toggleTheme()),
    };
  }, [dark, dispatch, location.search, location.state, navigate]);
  return <AuthNavProvider value={nav}>{children}</AuthNavProvider>;
}

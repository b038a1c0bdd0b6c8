/**
 * The first screen of a signed-out visitor: login and signup without the router, the store or the
 * signed-in app, so a phone on a slow link paints it from React and a few kilobytes. After a login the
 * session is stored and the caller starts the signed-in app in its place.
 */
import { StrictMode, useEffect, useMemo, useState } from 'react';
import { persistSession } from '../../lib/secure-storage';
import { safeReturnUrl, AuthNavProvider, type AuthNav } from './auth-nav';
import LoginPage from './LoginPage';
import SignupPage from './SignupPage';

const PUBLIC_PATHS = new Set(['/', '/auth', '/auth/', '/auth/login', '/auth/signup']);

/** Paths this shell shows; `/` and `/auth` become `/auth/login`, as the router's redirects do. */
export function isPublicPath(pathname: string): boolean {
  return PUBLIC_PATHS.has(pathname);
}

export interface PublicAppProps {
  initialDark: boolean;
  onTheme: (dark: boolean) => void;
  /** The session is stored; show the signed-in app at `to`. */
  onSignedIn: (to: string) => void;
}

export function PublicApp({ initialDark, onTheme, onSignedIn }: PublicAppProps) {
  const [path, setPath] = useState(() => {
    if (location.pathname !== '/auth/signup' && location.pathname !== '/auth/login')
      history.replaceState(null, '', '/auth/login' + location.search);
    return location.pathname;
  });
  const [dark, setDark] = useState(initialDark);

  useEffect(() => {
    const follow = () => setPath(location.pathname);
    window.addEventListener('popstate', follow);
    return () => window.removeEventListener('popstate', follow);
  }, []);

  // Read on every render: `path` changes with each navigation, and the query with it.
  const returnTo = safeReturnUrl(location.search) ?? '/feeds';
  const nav = useMemo<AuthNav>(
    () => ({
      navigate(to, options) {
        if (options?.replace) history.replaceState(null, '', to);
        else history.pushState(null, '', to);
        setPath(location.pathname);
        window.scrollTo(0, 0);
      },
      returnTo,
      async signedIn({ response }) {
        await persistSession({ accessToken: response.accessToken, refreshToken: response.refreshToken, userDetails: response.user });
        onSignedIn(returnTo);
      },
      dark,
      toggleTheme() {
        onTheme(!dark);
        setDark(!dark);
      },
    }),
    [dark, onSignedIn, onTheme, returnTo],
  );

  return (
    <StrictMode>
      <AuthNavProvider value={nav}>{path === '/auth/signup' ? <SignupPage /> : <LoginPage />}</AuthNavProvider>
    </StrictMode>
  );
}

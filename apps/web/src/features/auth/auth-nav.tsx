/**
 * What the login and signup screens need from around them, given by whoever shows them: the light public
 * shell (PublicApp, no router or store) or the signed-in app's router after a logout or an expiry.
 */
import { createContext, useContext, type AnchorHTMLAttributes, type MouseEvent } from 'react';
import type { LoginResponse, SignupResponse } from './auth-types';

export interface AuthNav {
  navigate: (to: string, options?: { replace?: boolean }) => void;
  /** Where to go after logging in (an expired session's returnUrl, the page a guard bounced, or the feed). */
  returnTo: string;
  signedIn: (session: { kind: 'login'; response: LoginResponse } | { kind: 'signup'; response: SignupResponse }) => void | Promise<void>;
  dark: boolean;
  toggleTheme: () => void;
}

const AuthNavContext = createContext<AuthNav | null>(null);
export const AuthNavProvider = AuthNavContext.Provider;

export function useAuthNav(): AuthNav {
  const nav = useContext(AuthNavContext);
  if (!nav) throw new Error('useAuthNav outside AuthNavProvider');
  return nav;
}

/**
 * A returnUrl worth following: a path of this site, `/` and then neither `/` nor `\` (browsers read `/\x`
 * as `//x`, another origin), with no control characters or spaces (browsers drop tabs and newlines, so
 * `/\t/x` is `//x` too). Anything else is ignored and the app loads as usual.
 */
export function safeReturnUrl(search: string): string | null {
  const returnUrl = new URLSearchParams(search).get('returnUrl');
  const unsafeChar = [...(returnUrl ?? '')].some((ch) => ch <= ' ' || ch === '\u007f' || ch === '\\');
  if (!returnUrl || !/^\/(?![/\\])/.test(returnUrl) || unsafeChar) return null;
  try {
    const origin = window.location.origin;
    const url = new URL(returnUrl, origin);
    return url.origin === origin ? url.pathname + url.search + url.hash : null;
  } catch {
    return null;
  }
}

/** A link between the public screens: a real `<a href>`, navigating in place on a plain click. */
export function AuthLink({ to, onClick, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement> & { to: string }) {
  const nav = useAuthNav();
  const follow = (e: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(e);
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    nav.navigate(to);
  };
  return <a href={to} onClick={follow} {...rest} />;
}

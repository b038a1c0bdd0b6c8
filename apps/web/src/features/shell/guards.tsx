/** Route guards of product.md § Screens and routes. */
import { Navigate, Outlet, useLocation } from 'react-router';
import { useAppSelector } from '../../app/hooks';
import { RoutedAuthNav, safeReturnUrl } from '../auth';

export const selectIsSignedIn = (s: { auth: { isAuthenticated: boolean; accessToken: string | null } }) =>
  s.auth.isAuthenticated && Boolean(s.auth.accessToken);

/** Protected screens send a signed-out visitor to /auth/login, passing where they were going. */
export function ProtectedRoute() {
  const signedIn = useAppSelector(selectIsSignedIn);
  const loginRedirect = useAppSelector((s) => s.session.loginRedirect);
  const location = useLocation();
  if (!signedIn) return <Navigate to={loginRedirect ?? '/auth/login'} replace state={{ from: location }} />;
  return <Outlet />;
}

/**
 * Public-only screens send a signed-in user on: to the page the login was for (returnUrl, or the page a
 * guard bounced), else the feed. The same place the login screen itself navigates to, so whichever of
 * the two navigations runs first, the user lands where they were going.
 */
export function PublicOnlyRoute() {
  const signedIn = useAppSelector(selectIsSignedIn);
  const location = useLocation();
  if (signedIn) {
    const from = (location.state as { from?: { pathname: string; search?: string } } | null)?.from;
    const to = safeReturnUrl(location.search) ?? (from ? from.pathname + (from.search ?? '') : '/feeds');
    return <Navigate to={to} replace />;
  }
  return (
    <RoutedAuthNav>
      <Outlet />
    </RoutedAuthNav>
  );
}

/** Route guards of SPEC §2/§6. */
import { Navigate, Outlet, useLocation } from 'react-router';
import { useAppSelector } from '../../app/hooks';
import { RoutedAuthNav } from '../auth';

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

/** Public-only screens send a signed-in user to the feed. */
export function PublicOnlyRoute() {
  const signedIn = useAppSelector(selectIsSignedIn);
  if (signedIn) return <Navigate to="/feeds" replace />;
  return (
    <RoutedAuthNav>
      <Outlet />
    </RoutedAuthNav>
  );
}

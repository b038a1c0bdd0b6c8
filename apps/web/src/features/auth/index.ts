/** What the rest of the web app uses of the session: its state and actions, its persistence, the "someone else now" matcher. */
export { logoutUser, resetAuth, restoredAuthState, setUserDetails, unauthenticatedState, updateTokens } from './authSlice';
export { addAuthPersistence } from './persistence';
export { safeReturnUrl } from './auth-nav';
export { RoutedAuthNav } from './RoutedAuthNav';
export { sessionChanged } from './session-changed';
export { sessionExpired, sessionExpiryHandled } from './sessionSlice';

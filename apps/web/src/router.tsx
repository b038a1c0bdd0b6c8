/** The routes of product.md § Screens and routes: pages load on demand; guards decide who sees what. */
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { FullPageSpinner } from './components/Spinner';
import { AppLayout, chunkLoaded, ProtectedRoute, PublicOnlyRoute, RootLayout, RouteError } from './features/shell';

// Pages are loaded by file, not through their feature's index.ts: a page must stay in a chunk of its
// own, and an index also exports what the first screen needs. The boundary rule checks static imports only.
const page = (load: () => Promise<{ default: React.ComponentType }>) => async () => {
  const { default: Component } = await load();
  chunkLoaded();
  return { Component, ErrorBoundary: RouteError };
};

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    // A page that throws (or whose file fails to load) shows its own error inside the layout; this
    // catches what is left, e.g. a failing layout.
    errorElement: <RouteError standalone />,
    hydrateFallbackElement: <FullPageSpinner />,
    children: [
      { path: '/', element: <Navigate to="/auth/login" replace /> },
      {
        path: '/auth',
        element: <PublicOnlyRoute />,
        children: [
          { index: true, element: <Navigate to="/auth/login" replace /> },
          { path: 'login', lazy: page(() => import('./features/auth/LoginPage')) },
          { path: 'signup', lazy: page(() => import('./features/auth/SignupPage')) },
        ],
      },
      // Opened from mailed links, signed in or not.
      { path: '/auth/forgot-password', lazy: page(() => import('./features/auth/ForgotPasswordPage')) },
      { path: '/auth/reset-password', lazy: page(() => import('./features/auth/ResetPasswordPage')) },
      { path: '/auth/verify-email', lazy: page(() => import('./features/auth/VerifyEmailPage')) },
      { path: '/auth/cancel-email-change', lazy: page(() => import('./features/auth/CancelEmailChangePage')) },
      {
        element: <ProtectedRoute />,
        children: [
          {
            element: <AppLayout />,
            children: [
              { path: '/feeds', lazy: page(() => import('./features/feed/FeedPage')) },
              { path: '/network', lazy: page(() => import('./features/network/NetworkPage')) },
              { path: '/network/u/profile/:visitor/visited/:visitedUser', lazy: page(() => import('./features/profile/ProfilePage')) },
              {
                path: '/settings',
                lazy: page(() => import('./features/settings/SettingsLayout')),
                children: [
                  { index: true, element: <Navigate to="/settings/account" replace /> },
                  { path: 'account', lazy: page(() => import('./features/settings/AccountSettingsPage')) },
                  { path: 'profile', lazy: page(() => import('./features/settings/ProfileSettingsPage')) },
                  { path: 'security', lazy: page(() => import('./features/settings/SecuritySettingsPage')) },
                  { path: 'notifications', lazy: page(() => import('./features/settings/NotificationSettingsPage')) },
                  { path: 'blocked', lazy: page(() => import('./features/safety/BlockedPeoplePage')) },
                  { path: 'data', lazy: page(() => import('./features/settings/DataSettingsPage')) },
                ],
              },
              { path: '/favorites', lazy: page(() => import('./features/favorites/FavoritesPage')) },
              { path: '/tags/:tag', lazy: page(() => import('./features/hashtags/TagPage')) },
              { path: '/posts/:postId', lazy: page(() => import('./features/feed/PostPage')) },
              { path: '/chat/:userName?', lazy: page(() => import('./features/chat/ChatPage')) },
              // Kept for group conversations; for now it shows the conversation-not-found state.
              { path: '/chat/g/:groupId', lazy: page(() => import('./features/chat/ChatPage')) },
              { path: '/admin', lazy: page(() => import('./features/admin/AdminPage')) },
            ],
          },
        ],
      },
      { path: '*', lazy: page(() => import('./features/shell/NotFoundPage')) },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);

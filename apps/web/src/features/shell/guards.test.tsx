import { render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { makeStore } from '../../app/store';
import { unauthenticatedState } from '../auth';
import { ProtectedRoute, PublicOnlyRoute } from './guards';

function Where() {
  const loc = useLocation();
  return <p data-testid="where">{`${loc.pathname}|${(loc.state as { from?: { pathname: string } } | null)?.from?.pathname ?? ''}`}</p>;
}

function renderAt(path: string, signedIn: boolean) {
  const store = makeStore({
    auth: signedIn ? { ...unauthenticatedState, isAuthenticated: true, accessToken: 't', userDetails: null } : unauthenticatedState,
  });
  const router = createMemoryRouter(
    [
      { path: '/auth', element: <PublicOnlyRoute />, children: [{ path: 'login', element: <Where /> }] },
      { element: <ProtectedRoute />, children: [{ path: '/chat', element: <Where /> }] },
      { path: '/feeds', element: <Where /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return screen.getByTestId('where').textContent;
}

describe('route guards (product.md § Screens and routes)', () => {
  it('sends a signed-out visitor of a protected page to /auth/login with the origin', () => {
    expect(renderAt('/chat', false)).toBe('/auth/login|/chat');
  });
  it('lets a signed-in user see a protected page', () => {
    expect(renderAt('/chat', true)).toBe('/chat|');
  });
  it('sends a signed-in user away from public-only pages to /feeds', () => {
    expect(renderAt('/auth/login', true)).toBe('/feeds|');
  });
});

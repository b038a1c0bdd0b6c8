/** Renders a screen for a signed-in person: a real store from `makeStore()` and a memory router. */
import type { SelfUser } from '@plaza/contract';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { makeStore } from '../app/store';
import { unauthenticatedState } from '../features/auth';

// Headless UI's anchored menus and popovers watch their button's size; jsdom has no ResizeObserver.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

export const ME: SelfUser = {
  _id: 'me-id',
  userName: 'me',
  fullName: 'Me Myself',
  userImage: null,
  userBio: null,
  createdAt: '2025-01-01T00:00:00.000Z',
  email: 'me@example.test',
  role: 'member',
  emailVerified: true,
  language: 'en',
};

export function renderSignedIn(ui: ReactNode, user: SelfUser = ME) {
  const store = makeStore({ auth: { ...unauthenticatedState, isAuthenticated: true, accessToken: 'token', userDetails: user } });
  const view = render(
    <Provider store={store}>
      <MemoryRouter>{ui}</MemoryRouter>
    </Provider>,
  );
  return { store, ...view };
}

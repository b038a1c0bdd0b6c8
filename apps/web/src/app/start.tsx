/** Starts the signed-in app (store, router, every screen behind it) in `container` from the stored session. */
import type { SelfUser } from '@plaza/contract';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router';
import { restoredAuthState } from '../features/auth';
import { loadTheme } from '../features/theme';
import type { StoredSession } from '../lib/secure-storage';
import { createRouter } from '../router';
import { bridgeSession } from './session-bridge';
import { makeStore } from './store';

export function startApp(container: HTMLElement, stored: StoredSession<SelfUser>): void {
  const store = makeStore({ auth: restoredAuthState(stored), theme: loadTheme() });
  bridgeSession(store);
  const root = createRoot(container);
  // As a transition, the first render yields to the browser every few milliseconds instead of holding
  // the main thread for the whole tree: on a slow phone, taps and scrolls during start-up stay answered.
  startTransition(() => {
    root.render(
      <StrictMode>
        <Provider store={store}>
          <RouterProvider router={createRouter()} />
        </Provider>
      </StrictMode>,
    );
  });
}

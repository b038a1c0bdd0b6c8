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

/** Lets the browser paint and answer input before the next step: each step of the start is a task of its own. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** `beforeMount` removes what the container showed until now (the public screens), just before the app replaces it. */
export async function startApp(container: HTMLElement, stored: StoredSession<SelfUser>, beforeMount?: () => void): Promise<void> {
  // The store (every API's endpoints), the router (which starts loading the page) and the first render
  // each take tens of milliseconds on a slow phone; run back to back, they were one long task.
  await nextTask();
  const store = makeStore({ auth: restoredAuthState(stored), theme: loadTheme() });
  bridgeSession(store);
  await nextTask();
  const router = createRouter();
  await nextTask();
  beforeMount?.();
  const root = createRoot(container);
  // As a transition, the first render yields to the browser every few milliseconds instead of holding
  // the main thread for the whole tree: on a slow phone, taps and scrolls during start-up stay answered.
  startTransition(() => {
    root.render(
      <StrictMode>
        <Provider store={store}>
          <RouterProvider router={router} />
        </Provider>
      </StrictMode>,
    );
  });
}

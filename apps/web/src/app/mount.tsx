/** The router (every route and the shell around the pages) and the first render of the signed-in app. */
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router';
import { createRouter } from '../router';
import type { AppStore } from './store';

export { createRouter };

export function mount(container: HTMLElement, store: AppStore, router: ReturnType<typeof createRouter>): void {
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

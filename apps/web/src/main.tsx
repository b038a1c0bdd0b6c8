/** Boots the web app: restores the encrypted session, builds the store, renders the router. */
import type { SelfUser } from '@plaza/contract';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router';
import { bridgeSession } from './app/session-bridge';
import { makeStore } from './app/store';
import { restoredAuthState } from './features/auth';
import { loadTheme } from './features/theme';
import './index.css';
import { readSession } from './lib/secure-storage';
import { registerServiceWorker } from './lib/service-worker';
import { createRouter } from './router';

const stored = await readSession<SelfUser>();
const theme = loadTheme();
document.documentElement.classList.toggle('dark', theme.isDarkMode);

const store = makeStore({ auth: restoredAuthState(stored), theme });
bridgeSession(store);

registerServiceWorker();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Provider store={store}>
      <RouterProvider router={createRouter()} />
    </Provider>
  </StrictMode>,
);

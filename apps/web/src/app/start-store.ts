/** The store of a start: preloaded from the stored session and theme, and connected to the API layer's tokens. */
import type { SelfUser } from '@plaza/contract';
import { restoredAuthState } from '../features/auth';
import { loadTheme } from '../features/theme';
import type { StoredSession } from '../lib/secure-storage';
import { bridgeSession } from './session-bridge';
import { makeStore, type AppStore } from './store';

export function startStore(stored: StoredSession<SelfUser>): AppStore {
  const store = makeStore({ auth: restoredAuthState(stored), theme: loadTheme() });
  bridgeSession(store);
  return store;
}

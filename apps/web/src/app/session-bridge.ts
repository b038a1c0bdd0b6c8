/** Connects the API client to the store: where tokens come from, where refreshed ones go, what expiry does. */
import { configureApi } from '../api/client';
import { updateTokens } from '../features/auth';
import { sessionExpired } from '../features/auth';
import { readRefreshToken } from '../lib/secure-storage';
import { reauthenticateSocket } from '../lib/socket';
import type { AppStore } from './store';

export function bridgeSession(store: AppStore): void {
  configureApi({
    getAccessToken: () => store.getState().auth.accessToken,
    getRefreshToken: readRefreshToken,
    onRefreshed: (r) => {
      store.dispatch(updateTokens({ accessToken: r.accessToken, refreshToken: r.refreshToken, user: r.user }));
      reauthenticateSocket(r.accessToken);
    },
    onSessionExpired: () => {
      if (!store.getState().session.expired) store.dispatch(sessionExpired());
    },
  });
}

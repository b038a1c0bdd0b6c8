/** Mirrors session changes into encrypted storage (product.md § Session and tokens: what is persisted, and when). */
import type { ListenerMiddlewareInstance } from '@reduxjs/toolkit';
import { isAnyOf } from '@reduxjs/toolkit';
import { clearSession, persistSession } from '../../lib/secure-storage';
import { logoutUser, resetAuth, sessionStarted, setUserDetails, updateTokens } from './authSlice';
import { sessionExpired } from './sessionSlice';

export function addAuthPersistence(listener: ListenerMiddlewareInstance) {
  listener.startListening({
    actionCreator: sessionStarted,
    effect: ({ payload }) =>
      void persistSession({ accessToken: payload.accessToken, refreshToken: payload.refreshToken, userDetails: payload.user }),
  });
  listener.startListening({
    matcher: isAnyOf(logoutUser.fulfilled, resetAuth, sessionExpired),
    effect: () => void clearSession(),
  });
  listener.startListening({
    actionCreator: updateTokens,
    effect: ({ payload }) =>
      void persistSession({ accessToken: payload.accessToken, refreshToken: payload.refreshToken, userDetails: payload.user }),
  });
  listener.startListening({
    actionCreator: setUserDetails,
    effect: ({ payload }) => void persistSession({ userDetails: payload }),
  });
}

/**
 * Session expiry (product.md § Session and tokens): `expired` is set when the server refuses the refresh; the overlay counts
 * down, then records where the login page must send the user back (`loginRedirect`) and ends the session.
 */
import type { SessionEndReason } from '@plaza/contract';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { sessionStarted } from './authSlice';

const sessionSlice = createSlice({
  name: 'session',
  initialState: { expired: false, reason: null as SessionEndReason | null, loginRedirect: null as string | null },
  reducers: {
    /** The server's `sessionEnded` says why; a refused refresh does not (null). The first reason stays. */
    sessionExpired: {
      reducer(state, action: PayloadAction<SessionEndReason | null>) {
        if (!state.expired) state.reason = action.payload;
        state.expired = true;
      },
      prepare: (reason: SessionEndReason | null = null) => ({ payload: reason }),
    },
    sessionExpiryHandled(state, action: PayloadAction<string>) {
      state.expired = false;
      state.reason = null;
      state.loginRedirect = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(sessionStarted, (state) => {
      state.loginRedirect = null;
    });
  },
});

export const { sessionExpired, sessionExpiryHandled } = sessionSlice.actions;
export default sessionSlice.reducer;

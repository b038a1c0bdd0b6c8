/**
 * Session expiry (SPEC §8): `expired` is set when the server refuses the refresh; the overlay counts
 * down, then records where the login page must send the user back (`loginRedirect`) and ends the session.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { sessionStarted } from './authSlice';

const sessionSlice = createSlice({
  name: 'session',
  initialState: { expired: false, loginRedirect: null as string | null },
  reducers: {
    sessionExpired(state) {
      state.expired = true;
    },
    sessionExpiryHandled(state, action: PayloadAction<string>) {
      state.expired = false;
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

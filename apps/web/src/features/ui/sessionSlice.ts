/** Session expiry (SPEC §8): set when the server refuses the refresh; the overlay counts down and redirects. */
import { createSlice } from '@reduxjs/toolkit';

const sessionSlice = createSlice({
  name: 'session',
  initialState: { expired: false },
  reducers: {
    sessionExpired(state) {
      state.expired = true;
    },
    sessionExpiryHandled(state) {
      state.expired = false;
    },
  },
});

export const { sessionExpired, sessionExpiryHandled } = sessionSlice.actions;
export default sessionSlice.reducer;

/** The session, with exactly the transitions and texts of product.md § Session and tokens. */
import type { SelfUser } from '@plaza/contract';
import { operations } from '../../api/operations';
import { createAsyncThunk, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { api } from '../../api/client';
import type { ApiErrorPayload } from '../../api/errors';
import { operationPath } from '../../api/operation';

export interface AuthState {
  loading: boolean;
  userDetails: SelfUser | null;
  accessToken: string | null;
  error: string | null;
  isAuthenticated: boolean;
}

export const unauthenticatedState: AuthState = {
  loading: false,
  userDetails: null,
  accessToken: null,
  error: null,
  isAuthenticated: false,
};

/** Initial state from storage: authenticated iff an access token exists. */
export function restoredAuthState(stored: { userDetails: SelfUser | null; accessToken: string | null }): AuthState {
  return {
    ...unauthenticatedState,
    userDetails: stored.userDetails,
    accessToken: stored.accessToken,
    isAuthenticated: Boolean(stored.accessToken),
  };
}

/** A failed logout request is treated as success (product.md § Session and tokens): the local session ends either way. */
export const logoutUser = createAsyncThunk<{ success: boolean }, void, { rejectValue: ApiErrorPayload }>('auth/logout', async () => {
  try {
    await api.get(operationPath(operations.logout));
  } catch {
    // The server session may live on until it expires; the refresh token is gone from this browser.
  }
  return { success: true };
});

const authSlice = createSlice({
  name: 'auth',
  initialState: unauthenticatedState,
  reducers: {
    /** A login or signup succeeded (the public screens make the request themselves). */
    sessionStarted(state, action: PayloadAction<{ user: SelfUser; accessToken: string; refreshToken: string }>) {
      state.loading = false;
      state.error = null;
      state.userDetails = action.payload.user;
      state.accessToken = action.payload.accessToken;
      state.isAuthenticated = true;
    },
    clearError(state) {
      state.error = null;
    },
    resetAuth(state) {
      state.userDetails = null;
      state.accessToken = null;
      state.error = null;
      state.isAuthenticated = false;
    },
    updateTokens(state, action: PayloadAction<{ accessToken: string; refreshToken?: string; user?: SelfUser }>) {
      state.accessToken = action.payload.accessToken;
      state.isAuthenticated = true;
      if (action.payload.user) state.userDetails = action.payload.user;
    },
    setUserDetails(state, action: PayloadAction<SelfUser | null>) {
      state.userDetails = action.payload;
      if (action.payload) state.isAuthenticated = true;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(logoutUser.pending, (state) => {
        state.loading = true;
        state.error = null;
      })
      .addCase(logoutUser.fulfilled, () => unauthenticatedState)
      .addCase(logoutUser.rejected, (state, { payload }) => {
        state.loading = false;
        state.error = payload?.error || 'Logout failed';
      });
  },
});

export const { sessionStarted, clearError, resetAuth, updateTokens, setUserDetails } = authSlice.actions;
export default authSlice.reducer;

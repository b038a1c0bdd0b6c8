/** The session, with exactly the transitions of SPEC §4 "Session" and the fallback texts of §8. */
import { operations, type OperationBody, type OperationResponse, type SelfUser } from '@plaza/contract';
import { createAsyncThunk, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { api } from '../../api/client';
import { toErrorPayload, type ApiErrorPayload } from '../../api/errors';
import { operationPath } from '../../api/operation';

type LoginBody = OperationBody<typeof operations.login>;
type LoginResponse = OperationResponse<typeof operations.login>;
type SignupBody = OperationBody<typeof operations.signup>;
type SignupResponse = OperationResponse<typeof operations.signup>;

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

export const LOGIN_FALLBACK = { error: 'Unknown error occurred', message: 'An error occurred during login.' };
export const SIGNUP_FALLBACK = { error: 'An error occurred during signup', message: 'An unknown error occurred during signup.' };

export const loginUser = createAsyncThunk<LoginResponse, LoginBody, { rejectValue: ApiErrorPayload }>(
  'auth/login',
  async (body, { rejectWithValue }) => {
    try {
      return (await api.post<LoginResponse>(operationPath(operations.login), body)).data;
    } catch (err) {
      return rejectWithValue(toErrorPayload(err, LOGIN_FALLBACK));
    }
  },
);

export const signupUser = createAsyncThunk<SignupResponse, SignupBody, { rejectValue: ApiErrorPayload }>(
  'auth/signup',
  async (body, { rejectWithValue }) => {
    try {
      return (await api.post<SignupResponse>(operationPath(operations.signup), body)).data;
    } catch (err) {
      return rejectWithValue(toErrorPayload(err, SIGNUP_FALLBACK));
    }
  },
);

/** A failed logout request is treated as success (SPEC §8): the local session ends either way. */
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
      .addCase(loginUser.pending, (state) => {
        state.loading = true;
        state.error = null;
        state.isAuthenticated = false;
      })
      .addCase(loginUser.fulfilled, (state, { payload }) => {
        state.loading = false;
        state.userDetails = payload.user;
        state.accessToken = payload.accessToken;
        state.isAuthenticated = payload.isUserAuthenticated;
      })
      .addCase(loginUser.rejected, (state, { payload }) => {
        state.loading = false;
        state.error = payload?.error || 'Login failed';
        state.isAuthenticated = false;
        state.userDetails = null;
        state.accessToken = null;
      })
      .addCase(signupUser.pending, (state) => {
        state.loading = true;
        state.error = null;
      })
      .addCase(signupUser.fulfilled, (state, { payload }) => {
        state.loading = false;
        state.userDetails = payload.user;
        state.accessToken = payload.accessToken ?? null;
        state.isAuthenticated = payload.isUserCreated;
      })
      .addCase(signupUser.rejected, (state, { payload }) => {
        state.loading = false;
        state.error = payload?.message || 'Signup failed';
        state.isAuthenticated = false;
      })
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

export const { clearError, resetAuth, updateTokens, setUserDetails } = authSlice.actions;
export default authSlice.reducer;

import type { SelfUser } from '@plaza/contract';
import { describe, expect, it } from 'vitest';
import reducer, {
  clearError,
  logoutUser,
  resetAuth,
  restoredAuthState,
  sessionStarted,
  setUserDetails,
  unauthenticatedState,
  updateTokens,
  type AuthState,
} from './authSlice';

const user: SelfUser = {
  _id: 'u1',
  userName: 'ada',
  fullName: 'Ada',
  email: 'ada@example.com',
  role: 'member',
  emailVerified: true,
  language: 'en',
  userImage: null,
  userBio: null,
  createdAt: '2026-01-01T00:00:00.000Z',
};
const signedIn: AuthState = { loading: false, userDetails: user, accessToken: 'acc', error: null, isAuthenticated: true };

describe('session state (product.md § Session and tokens)', () => {
  it('is restored from storage: authenticated iff an access token exists', () => {
    expect(restoredAuthState({ userDetails: user, accessToken: 'acc' }).isAuthenticated).toBe(true);
    expect(restoredAuthState({ userDetails: user, accessToken: null }).isAuthenticated).toBe(false);
  });

  it('a started session (login or signup) sets the user and token, authenticated, nothing loading', () => {
    const s = reducer(
      { ...unauthenticatedState, loading: true, error: 'old' },
      sessionStarted({ user, accessToken: 'a2', refreshToken: 'r2' }),
    );
    expect(s).toEqual({ loading: false, userDetails: user, accessToken: 'a2', error: null, isAuthenticated: true });
  });

  it('logout: pending loads, fulfilled resets to the unauthenticated state, rejected says Logout failed', () => {
    const pending = reducer(signedIn, logoutUser.pending('r'));
    expect(pending).toMatchObject({ loading: true, error: null });
    expect(reducer(pending, logoutUser.fulfilled({ success: true }, 'r'))).toEqual(unauthenticatedState);
    expect(reducer(pending, logoutUser.rejected(null, 'r', undefined, undefined)).error).toBe('Logout failed');
  });

  it('clearError, resetAuth, updateTokens and setUserDetails', () => {
    expect(reducer({ ...signedIn, error: 'x' }, clearError()).error).toBeNull();
    expect(reducer(signedIn, resetAuth())).toMatchObject({ userDetails: null, accessToken: null, error: null, isAuthenticated: false });
    expect(reducer(unauthenticatedState, updateTokens({ accessToken: 'n', user }))).toMatchObject({
      accessToken: 'n',
      isAuthenticated: true,
      userDetails: user,
    });
    expect(reducer(unauthenticatedState, setUserDetails(user))).toMatchObject({ userDetails: user, isAuthenticated: true });
    expect(reducer(unauthenticatedState, setUserDetails(null)).isAuthenticated).toBe(false);
  });
});

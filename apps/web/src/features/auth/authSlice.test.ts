import type { SelfUser } from '@plaza/contract';
import { describe, expect, it } from 'vitest';
import reducer, {
  clearError,
  loginUser,
  logoutUser,
  resetAuth,
  restoredAuthState,
  setUserDetails,
  signupUser,
  unauthenticatedState,
  updateTokens,
  type AuthState,
} from './authSlice';

const user: SelfUser = {
  _id: 'u1',
  userName: 'ada',
  fullName: 'Ada',
  email: 'ada@example.com',
  emailVerified: true,
  userImage: null,
  userBio: null,
  createdAt: '2026-01-01T00:00:00.000Z',
};
const signedIn: AuthState = { loading: false, userDetails: user, accessToken: 'acc', error: null, isAuthenticated: true };
const req = { identifier: 'ada', password: 'pw' };
const signupReq = { userName: 'ada', email: 'a@b.co', password: 'longpassword', fullName: 'Ada' };

describe('session state (SPEC §4)', () => {
  it('is restored from storage: authenticated iff an access token exists', () => {
    expect(restoredAuthState({ userDetails: user, accessToken: 'acc' }).isAuthenticated).toBe(true);
    expect(restoredAuthState({ userDetails: user, accessToken: null }).isAuthenticated).toBe(false);
  });

  it('login pending: loading, error cleared, not authenticated', () => {
    const s = reducer({ ...signedIn, error: 'old' }, loginUser.pending('r', req));
    expect(s).toMatchObject({ loading: true, error: null, isAuthenticated: false });
  });

  it('login fulfilled: user and token set, authenticated from isUserAuthenticated', () => {
    const payload = { success: true as const, user, accessToken: 'a2', refreshToken: 'r2', isUserAuthenticated: true as const };
    const s = reducer({ ...unauthenticatedState, loading: true }, loginUser.fulfilled(payload, 'r', req));
    expect(s).toEqual({ loading: false, userDetails: user, accessToken: 'a2', error: null, isAuthenticated: true });
  });

  it("login rejected: the server's error text, or 'Login failed'", () => {
    const withText = reducer(
      { ...unauthenticatedState, loading: true },
      loginUser.rejected(null, 'r', req, { error: 'Invalid user name, email or password.', message: 'x' }),
    );
    expect(withText).toMatchObject({ loading: false, error: 'Invalid user name, email or password.', isAuthenticated: false });
    const without = reducer({ ...unauthenticatedState, loading: true }, loginUser.rejected(null, 'r', req, undefined));
    expect(without.error).toBe('Login failed');
  });

  it('signup pending clears the error; fulfilled authenticates from isUserCreated', () => {
    const pending = reducer({ ...unauthenticatedState, error: 'old' }, signupUser.pending('r', signupReq));
    expect(pending).toMatchObject({ loading: true, error: null });
    const payload = { success: true as const, user, accessToken: 'a3', refreshToken: 'r3', isUserCreated: true as const };
    const done = reducer(pending, signupUser.fulfilled(payload, 'r', signupReq));
    expect(done).toMatchObject({ loading: false, userDetails: user, accessToken: 'a3', isAuthenticated: true });
  });

  it("signup rejected: the server's message, or 'Signup failed'", () => {
    const s = reducer(
      unauthenticatedState,
      signupUser.rejected(null, 'r', signupReq, { error: 'Conflict', message: 'This user name is already taken.' }),
    );
    expect(s).toMatchObject({ error: 'This user name is already taken.', isAuthenticated: false, loading: false });
    expect(reducer(unauthenticatedState, signupUser.rejected(null, 'r', signupReq, undefined)).error).toBe('Signup failed');
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

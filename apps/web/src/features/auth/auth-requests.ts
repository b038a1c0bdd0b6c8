/**
 * Login, signup and the user-name check with `fetch`: the public screens load before (and without) the
 * signed-in app's API client, store and schemas. Paths and fallback texts match the contract's
 * operations and product.md § Error texts (auth-requests.test.ts holds them to it).
 */
import type { LoginAnswer, LoginBody, LoginTwoFactorBody, SignupBody, SignupResponse } from './auth-types';

export const AUTH_URLS = {
  login: '/api/v1/auth/login',
  signup: '/api/v1/auth/signup',
  checkUserName: '/api/v1/users/get-username-available',
  loginTwoFactor: '/api/v1/auth/login/2fa',
  passkeyOptions: '/api/v1/auth/passkeys/options',
  passkeyLogin: '/api/v1/auth/passkeys/verify',
} as const;

export const LOGIN_FALLBACK = { error: 'Unknown error occurred', message: 'An error occurred during login.' };
export const SIGNUP_FALLBACK = { error: 'An error occurred during signup', message: 'An unknown error occurred during signup.' };
export const NETWORK_FAILURE = { error: 'Network error occurred', message: 'Unable to connect to the server' };

export interface AuthFailure {
  error: string;
  message: string;
  details?: Array<{ path: string; message: string }>;
}

export type AuthResult<T> = { ok: true; data: T } | { ok: false; failure: AuthFailure };

async function post<T>(url: string, body: unknown, fallback: AuthFailure, signal?: AbortSignal): Promise<AuthResult<T>> {
  let res: Response;
  try {
    res = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body), signal });
  } catch (err) {
    if (signal?.aborted) throw err;
    return { ok: false, failure: NETWORK_FAILURE };
  }
  const data = (await res.json().catch(() => null)) as (Partial<AuthFailure> & T) | null;
  if (res.ok && data) return { ok: true, data };
  return {
    ok: false,
    failure: {
      error: typeof data?.error === 'string' ? data.error : fallback.error,
      message: typeof data?.message === 'string' ? data.message : fallback.message,
      details: Array.isArray(data?.details) ? data.details : undefined,
    },
  };
}

export const requestLogin = (body: LoginBody) => post<LoginAnswer>(AUTH_URLS.login, body, LOGIN_FALLBACK);

/** The log-in's second step: the challenge it answered and a code from the app (or a recovery code). */
export const requestLoginTwoFactor = (body: LoginTwoFactorBody) => post<LoginAnswer>(AUTH_URLS.loginTwoFactor, body, LOGIN_FALLBACK);

export const requestPasskeyOptions = () =>
  post<{ options: Record<string, unknown> & { challenge: string } }>(AUTH_URLS.passkeyOptions, {}, LOGIN_FALLBACK);

export const requestPasskeyLogin = (response: unknown) => post<LoginAnswer>(AUTH_URLS.passkeyLogin, { response }, LOGIN_FALLBACK);

export const requestSignup = (body: SignupBody) => post<SignupResponse>(AUTH_URLS.signup, body, SIGNUP_FALLBACK);

/** true = the name is free; throws when the check itself fails (or was aborted). */
export async function isUserNameAvailable(userName: string, signal: AbortSignal): Promise<boolean> {
  const result = await post<{ valid: boolean }>(AUTH_URLS.checkUserName, { sendUsername: userName }, NETWORK_FAILURE, signal);
  if (!result.ok) throw new Error(result.failure.message);
  return result.data.valid;
}

/**
 * The one axios instance (SPEC §7, §8): Bearer header; a repeat of an identical in-flight request
 * cancels the earlier one; on 401/403 one refresh runs while other failing requests queue, then all
 * retry with the new token; a refresh the server refuses starts the session-expiry flow.
 */
import {
  API_PREFIX,
  REFRESH_ERRORS,
  TOKEN_REFRESH_TIMEOUT_MS,
  type OperationBody,
  type OperationResponse,
  type RefreshResponse,
} from '@plaza/contract';
import { operations } from './operations';
import axios, { AxiosError, type AxiosAdapter, type AxiosInstance, type InternalAxiosRequestConfig } from 'axios';
import { reportReachable, reportUnreachable } from '../lib/connectivity';
import { operationPath } from './operation';

export const API_BASE = API_PREFIX;

export interface ApiHooks {
  getAccessToken(): string | null;
  getRefreshToken(): Promise<string | null>;
  onRefreshed(result: RefreshResponse): void;
  onSessionExpired(): void;
}

let hooks: ApiHooks = {
  getAccessToken: () => null,
  getRefreshToken: async () => null,
  onRefreshed: () => {},
  onSessionExpired: () => {},
};

export function configureApi(next: ApiHooks): void {
  hooks = next;
}

type Config = InternalAxiosRequestConfig & { _retry?: boolean; _dupKey?: string; _abort?: AbortController; _token?: string | null };

/** A 401 from these is about the credentials sent, not an expired access token: no refresh. */
const AUTH_PATHS: ReadonlySet<string> = new Set(
  [operations.login, operations.signup, operations.refreshToken].map((op) => operationPath(op)),
);

function requestKey(c: Config): string {
  const data = c.data instanceof FormData ? `form:${Math.random()}` : typeof c.data === 'string' ? c.data : JSON.stringify(c.data ?? null);
  return [c.method, c.url, JSON.stringify(c.params ?? null), data].join('|');
}

function refreshFailureIsExpiry(err: unknown): boolean {
  if (!axios.isAxiosError(err) || !err.response) return false;
  const { status, data } = err.response as { status: number; data?: { error?: string; isUserAuthenticated?: boolean } };
  if (status !== 401 && status !== 403) return false;
  return data?.error === REFRESH_ERRORS.expired || data?.error === REFRESH_ERRORS.invalid || data?.isUserAuthenticated === false;
}

/** `adapter` lets tests stand in for the network; the app uses axios' own. */
export function createApi(options: { adapter?: AxiosAdapter } = {}): AxiosInstance {
  const instance = axios.create({ baseURL: API_BASE, adapter: options.adapter });
  // The refresh call bypasses the interceptors so a failing refresh never refreshes itself.
  const bare = axios.create({ baseURL: API_BASE, timeout: TOKEN_REFRESH_TIMEOUT_MS, adapter: options.adapter });
  const inFlight = new Map<string, AbortController>();

  let refreshing: Promise<string> | null = null;

  async function refresh(): Promise<string> {
    const refreshToken = await hooks.getRefreshToken();
    if (!refreshToken) throw new Error('No refresh token');
    const body: OperationBody<typeof operations.refreshToken> = { refreshToken };
    const { data } = await bare.post<OperationResponse<typeof operations.refreshToken>>(operationPath(operations.refreshToken), body);
    hooks.onRefreshed(data);
    return data.accessToken;
  }

  function settle(c: Config | undefined) {
    if (c?._dupKey && inFlight.get(c._dupKey) === c._abort) inFlight.delete(c._dupKey);
  }

  instance.interceptors.request.use((config: Config) => {
    const token = hooks.getAccessToken();
    if (token) config.headers.set('Authorization', `Bearer ${token}`);
    config._token = token;
    if (!config.signal) {
      const key = requestKey(config);
      inFlight.get(key)?.abort();
      const controller = new AbortController();
      inFlight.set(key, controller);
      config._dupKey = key;
      config._abort = controller;
      config.signal = controller.signal;
    }
    return config;
  });

  instance.interceptors.response.use(
    (res) => {
      settle(res.config as Config);
      reportReachable();
      return res;
    },
    async (error: AxiosError) => {
      const config = error.config as Config | undefined;
      settle(config);
      if (error.response) reportReachable();
      else if (!axios.isCancel(error)) reportUnreachable();
      const status = error.response?.status;
      if (!config || config._retry || (status !== 401 && status !== 403) || AUTH_PATHS.has(config.url ?? '')) {
        throw error;
      }
      config._retry = true;
      const current = hooks.getAccessToken();
      // Sent with a token that has since been replaced: the refresh already happened, just retry.
      const alreadyRefreshed = current !== null && current !== config._token && !refreshing;
      try {
        // Every request failing while a refresh runs waits for that same refresh.
        if (!alreadyRefreshed) {
          refreshing ??= refresh().finally(() => {
            refreshing = null;
          });
          await refreshing;
        }
      } catch (refreshError) {
        if (refreshFailureIsExpiry(refreshError)) hooks.onSessionExpired();
        throw error;
      }
      config.signal = undefined;
      config._abort = undefined;
      return instance(config);
    },
  );
  return instance;
}

export const api = createApi();

/**
 * The one API client (product.md § API conventions, § Session and tokens): Bearer header; a repeat of an identical in-flight request
 * cancels the earlier one; on 401/403 one refresh runs while other failing requests queue, then all
 * retry with the new token; a refresh the server refuses starts the session-expiry flow.
 */
import {
  REFRESH_ERRORS,
  TOKEN_REFRESH_TIMEOUT_MS,
  type OperationBody,
  type OperationResponse,
  type RefreshResponse,
} from '@plaza/contract';
import { operations } from './operations';
import { reportReachable, reportUnreachable } from '../lib/connectivity';
import { operationPath } from './operation';
import { ApiRequestError } from './errors';
import { browserTransport, type QueryParams, type Transport, type UploadProgress } from './transport';

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

export interface RequestConfig {
  url: string;
  method?: string;
  params?: QueryParams;
  /** JSON body, or FormData for multipart uploads. */
  data?: unknown;
  onUploadProgress?: (event: UploadProgress) => void;
  /** The caller's own cancel; without one, a repeat of this request cancels it instead. */
  signal?: AbortSignal;
  timeout?: number;
  /** Sent besides the Bearer header (`Idempotency-Key`). */
  headers?: Record<string, string>;
}

export interface ApiResponse<T> {
  status: number;
  data: T;
}

/** A 401 from these is about the credentials sent, not an expired access token: no refresh. */
const AUTH_PATHS: ReadonlySet<string> = new Set(
  [operations.login, operations.signup, operations.refreshToken].map((op) => operationPath(op)),
);

function requestKey(c: RequestConfig, method: string): string {
  const data = c.data instanceof FormData ? `form:${Math.random()}` : typeof c.data === 'string' ? c.data : JSON.stringify(c.data ?? null);
  return [method, c.url, JSON.stringify(c.params ?? null), data].join('|');
}

function refreshFailureIsExpiry(err: unknown): boolean {
  if (!(err instanceof ApiRequestError) || !err.response) return false;
  const { status, data } = err.response as { status: number; data?: { error?: string; isUserAuthenticated?: boolean } | null };
  if (status !== 401 && status !== 403) return false;
  return data?.error === REFRESH_ERRORS.expired || data?.error === REFRESH_ERRORS.invalid || data?.isUserAuthenticated === false;
}

/** `transport` lets tests stand in for the network; the app uses the browser's. */
// Long: a factory; `send`, `refresh` and `request` are each short and share the requests in flight and the refresh under way.
export function createApi(options: { transport?: Transport } = {}) {
  const inFlight = new Map<string, AbortController>();
  let refreshing: Promise<string> | null = null;

  /** One exchange with the server: resolves with a 2xx answer, rejects with an `ApiRequestError`. */
  async function send<T>(config: RequestConfig, headers: Record<string, string>, signal: AbortSignal): Promise<ApiResponse<T>> {
    // A repeat made in the same turn (a double click) cancels this one before it goes out at all.
    await Promise.resolve();
    if (signal.aborted) throw new ApiRequestError('canceled', undefined, true);
    const controller = new AbortController();
    const abort = () => controller.abort();
    signal.addEventListener('abort', abort, { once: true });
    if (signal.aborted) abort();
    let timedOut = false;
    const timer = config.timeout
      ? setTimeout(() => {
          timedOut = true;
          controller.abort();
        }, config.timeout)
      : undefined;
    try {
      const res = await client.transport({
        method: (config.method ?? 'GET').toUpperCase(),
        url: config.url,
        params: config.params ?? {},
        body: config.data,
        headers,
        signal: controller.signal,
        onUploadProgress: config.onUploadProgress,
      });
      // An answer that lands after the cancel is dropped, as fetch itself would.
      if (controller.signal.aborted) throw new DOMException('Aborted', 'AbortError');
      if (res.status >= 200 && res.status < 300) return res as ApiResponse<T>;
      throw new ApiRequestError(`HTTP ${res.status}`, res);
    } catch (err) {
      if (err instanceof ApiRequestError) throw err;
      if (controller.signal.aborted && !timedOut) throw new ApiRequestError('canceled', undefined, true);
      throw new ApiRequestError(timedOut ? 'Timed out' : 'Network Error');
    } finally {
      clearTimeout(timer);
      signal.removeEventListener('abort', abort);
    }
  }

  async function refresh(): Promise<string> {
    const refreshToken = await hooks.getRefreshToken();
    if (!refreshToken) throw new Error('No refresh token');
    const body: OperationBody<typeof operations.refreshToken> = { refreshToken };
    // Sent around `request` so a failing refresh never refreshes itself.
    const { data } = await send<OperationResponse<typeof operations.refreshToken>>(
      { url: operationPath(operations.refreshToken), method: 'POST', data: body, timeout: TOKEN_REFRESH_TIMEOUT_MS },
      {},
      new AbortController().signal,
    );
    hooks.onRefreshed(data);
    return data.accessToken;
  }

  async function request<T = unknown>(config: RequestConfig, retried = false): Promise<ApiResponse<T>> {
    const method = (config.method ?? 'GET').toUpperCase();
    const token = hooks.getAccessToken();
    const headers: Record<string, string> = { ...config.headers, ...(token ? { Authorization: `Bearer ${token}` } : {}) };
    let signal = config.signal;
    let key: string | undefined;
    let controller: AbortController | undefined;
    if (!signal) {
      key = requestKey(config, method);
      inFlight.get(key)?.abort();
      controller = new AbortController();
      inFlight.set(key, controller);
      signal = controller.signal;
    }
    let failure: ApiRequestError;
    try {
      const res = await send<T>(config, headers, signal);
      reportReachable();
      return res;
    } catch (err) {
      failure = err as ApiRequestError;
      if (failure.response) reportReachable();
      else if (!failure.canceled) reportUnreachable();
      const status = failure.response?.status;
      if (retried || (status !== 401 && status !== 403) || AUTH_PATHS.has(config.url)) throw failure;
    } finally {
      if (key && inFlight.get(key) === controller) inFlight.delete(key);
    }
    const current = hooks.getAccessToken();
    // Sent with a token that has since been replaced: the refresh already happened, just retry.
    const alreadyRefreshed = current !== null && current !== token && !refreshing;
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
      throw failure;
    }
    return request<T>(config, true);
  }

  const client = {
    /** Where requests go: the browser's network, or a test's stand-in for the server. */
    transport: options.transport ?? browserTransport,
    request,
    get: <T = unknown>(url: string, config: Omit<RequestConfig, 'url' | 'method'> = {}) => request<T>({ ...config, url, method: 'GET' }),
    post: <T = unknown>(url: string, data?: unknown, config: Omit<RequestConfig, 'url' | 'method' | 'data'> = {}) =>
      request<T>({ ...config, url, method: 'POST', data }),
  };
  return client;
}

export const api = createApi();

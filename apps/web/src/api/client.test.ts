import { REFRESH_ERRORS } from '@plaza/contract';
import { AxiosError, AxiosHeaders, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import { describe, expect, it, vi } from 'vitest';
import { configureApi, createApi } from './client';

type Answer = { status: number; data: unknown };

/** A stand-in for the server: records every call and answers by handler. */
function setup(handler: (config: InternalAxiosRequestConfig) => Answer | Promise<Answer>) {
  const calls: InternalAxiosRequestConfig[] = [];
  const adapter: AxiosAdapter = async (config) => {
    calls.push(config);
    const { status, data } = await handler(config);
    const response = { status, data, statusText: String(status), headers: {}, config, request: {} };
    if (status === 0) throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config);
    if (status >= 400) throw new AxiosError(`HTTP ${status}`, String(status), config, {}, response);
    return response;
  };
  let token = 'old-access';
  const onSessionExpired = vi.fn();
  configureApi({
    getAccessToken: () => token,
    getRefreshToken: async () => 'refresh-1',
    onRefreshed: (r) => {
      token = r.accessToken;
    },
    onSessionExpired,
  });
  return { api: createApi({ adapter }), calls, onSessionExpired };
}

const bearer = (c: InternalAxiosRequestConfig) => AxiosHeaders.from(c.headers).get('Authorization');
const isRefresh = (c: InternalAxiosRequestConfig) => c.url === '/auth/refresh-token';
const delay = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('the axios layer (SPEC §7, §8)', () => {
  it('three concurrent 401s trigger exactly one refresh, then all three retry with the new token', async () => {
    const { api, calls } = setup(async (c) => {
      if (isRefresh(c)) {
        await delay(20);
        return { status: 200, data: { success: true, accessToken: 'new-access', refreshToken: 'refresh-2', user: {} } };
      }
      if (bearer(c) === 'Bearer old-access') return { status: 401, data: { success: false, error: 'Token expired' } };
      return { status: 200, data: { ok: c.url } };
    });
    const results = await Promise.all(['/a', '/b', '/c'].map((url) => api.get<{ ok: string }>(url)));
    expect(calls.filter(isRefresh)).toHaveLength(1);
    expect(results.map((r) => r.data.ok)).toEqual(['/a', '/b', '/c']);
    expect(
      calls
        .filter((c) => bearer(c) === 'Bearer new-access')
        .map((c) => c.url)
        .sort(),
    ).toEqual(['/a', '/b', '/c']);
  });

  it('a 403 is retried once after a refresh too, and rejected if it persists', async () => {
    const { api, calls } = setup((c) =>
      isRefresh(c)
        ? { status: 200, data: { accessToken: 'new-access', refreshToken: 'r2', user: {} } }
        : { status: 403, data: { error: 'Forbidden' } },
    );
    await expect(api.get('/forbidden')).rejects.toMatchObject({ response: { status: 403 } });
    expect(calls.filter((c) => c.url === '/forbidden')).toHaveLength(2);
  });

  it.each([REFRESH_ERRORS.expired, REFRESH_ERRORS.invalid])(
    'a refresh refused with "%s" starts the session-expiry flow and rejects',
    async (text) => {
      const { api, onSessionExpired } = setup((c) =>
        isRefresh(c)
          ? { status: 401, data: { success: false, error: text, isUserAuthenticated: false } }
          : { status: 401, data: { error: 'Token expired' } },
      );
      await expect(api.get('/feeds')).rejects.toMatchObject({ response: { status: 401 } });
      expect(onSessionExpired).toHaveBeenCalledTimes(1);
    },
  );

  it('a refresh that fails on the network rejects without the expiry flow', async () => {
    const { api, onSessionExpired } = setup((c) => (isRefresh(c) ? { status: 0, data: null } : { status: 401, data: {} }));
    await expect(api.get('/x')).rejects.toBeTruthy();
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('a repeat of an identical in-flight request cancels the earlier one', async () => {
    const { api } = setup(
      (c) =>
        new Promise((resolve, reject) => {
          const t = setTimeout(() => resolve({ status: 200, data: { page: (c.params as { page?: number } | undefined)?.page } }), 30);
          c.signal?.addEventListener?.('abort', () => {
            clearTimeout(t);
            reject(new AxiosError('canceled', AxiosError.ERR_CANCELED, c));
          });
        }),
    );
    const first = api.get<{ page: number }>('/users/network', { params: { page: 1 } });
    const second = api.get<{ page: number }>('/users/network', { params: { page: 1 } });
    const different = api.get<{ page: number }>('/users/network', { params: { page: 2 } });
    await expect(first).rejects.toMatchObject({ code: AxiosError.ERR_CANCELED });
    expect((await second).data.page).toBe(1);
    expect((await different).data.page).toBe(2);
  });

  it('sends the Bearer token, and a failed login is not treated as an expired session', async () => {
    const { api, calls } = setup(() => ({ status: 401, data: { error: 'Invalid user name, email or password.' } }));
    await expect(api.post('/auth/login', { identifier: 'a', password: 'b' })).rejects.toBeTruthy();
    expect(calls.filter(isRefresh)).toHaveLength(0);
    expect(bearer(calls[0])).toBe('Bearer old-access');
  });
});

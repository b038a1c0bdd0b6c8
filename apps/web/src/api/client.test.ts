import { REFRESH_ERRORS } from '@plaza/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureApi, createApi } from './client';
import { ApiRequestError, toErrorPayload } from './errors';
import { browserTransport, type TransportRequest } from './transport';

type Answer = { status: number; data: unknown };

/** A stand-in for the server: records every call and answers by handler; status 0 is no answer at all. */
function setup(handler: (request: TransportRequest) => Answer | Promise<Answer>) {
  const calls: TransportRequest[] = [];
  const transport = async (request: TransportRequest) => {
    calls.push(request);
    const answer = await handler(request);
    if (answer.status === 0) throw new TypeError('Failed to fetch');
    return answer;
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
  return { api: createApi({ transport }), calls, onSessionExpired };
}

const bearer = (r: TransportRequest) => r.headers.Authorization;
const isRefresh = (r: TransportRequest) => r.url === '/auth/refresh-token';
const delay = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('the API client (product.md § API conventions, § Session and tokens)', () => {
  it('three concurrent 401s trigger exactly one refresh, then all three retry with the new token', async () => {
    const { api, calls } = setup(async (r) => {
      if (isRefresh(r)) {
        await delay(20);
        return { status: 200, data: { success: true, accessToken: 'new-access', refreshToken: 'refresh-2', user: {} } };
      }
      if (bearer(r) === 'Bearer old-access') return { status: 401, data: { success: false, error: 'Token expired' } };
      return { status: 200, data: { ok: r.url } };
    });
    const results = await Promise.all(['/a', '/b', '/c'].map((url) => api.get<{ ok: string }>(url)));
    expect(calls.filter(isRefresh)).toHaveLength(1);
    expect(calls.find(isRefresh)?.body).toEqual({ refreshToken: 'refresh-1' });
    expect(results.map((r) => r.data.ok)).toEqual(['/a', '/b', '/c']);
    expect(
      calls
        .filter((r) => bearer(r) === 'Bearer new-access')
        .map((r) => r.url)
        .sort(),
    ).toEqual(['/a', '/b', '/c']);
  });

  it('a 403 is retried once after a refresh too, and rejected if it persists', async () => {
    const { api, calls } = setup((r) =>
      isRefresh(r)
        ? { status: 200, data: { accessToken: 'new-access', refreshToken: 'r2', user: {} } }
        : { status: 403, data: { error: 'Forbidden' } },
    );
    await expect(api.get('/forbidden')).rejects.toMatchObject({ response: { status: 403 } });
    expect(calls.filter((r) => r.url === '/forbidden')).toHaveLength(2);
  });

  it.each([REFRESH_ERRORS.expired, REFRESH_ERRORS.invalid])(
    'a refresh refused with "%s" starts the session-expiry flow and rejects',
    async (text) => {
      const { api, onSessionExpired } = setup((r) =>
        isRefresh(r)
          ? { status: 401, data: { success: false, error: text, isUserAuthenticated: false } }
          : { status: 401, data: { error: 'Token expired' } },
      );
      await expect(api.get('/feeds')).rejects.toMatchObject({ response: { status: 401 } });
      expect(onSessionExpired).toHaveBeenCalledTimes(1);
    },
  );

  it('a refresh that fails on the network rejects without the expiry flow', async () => {
    const { api, onSessionExpired } = setup((r) => (isRefresh(r) ? { status: 0, data: null } : { status: 401, data: {} }));
    await expect(api.get('/x')).rejects.toBeTruthy();
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('a repeat of an identical in-flight request cancels the earlier one', async () => {
    const { api } = setup(
      (r) =>
        new Promise((resolve, reject) => {
          const t = setTimeout(() => resolve({ status: 200, data: { page: r.params.page } }), 30);
          r.signal.addEventListener('abort', () => {
            clearTimeout(t);
            reject(new DOMException('Aborted', 'AbortError'));
          });
        }),
    );
    const first = api.get<{ page: number }>('/users/network', { params: { page: 1 } });
    const second = api.get<{ page: number }>('/users/network', { params: { page: 1 } });
    const different = api.get<{ page: number }>('/users/network', { params: { page: 2 } });
    await expect(first).rejects.toMatchObject({ canceled: true });
    expect(toErrorPayload(await first.catch((e: unknown) => e), { error: 'x', message: 'y' }).error).toBe('canceled');
    expect((await second).data.page).toBe(1);
    expect((await different).data.page).toBe(2);
  });

  it('a repeat made in the same turn (a double click) cancels the earlier one before it reaches the server', async () => {
    const { api, calls } = setup(() => ({ status: 200, data: { sent: true } }));
    const first = api.post('/users/follow/friend-request/send', { userId: 'bob' });
    const second = api.post('/users/follow/friend-request/send', { userId: 'bob' });
    await expect(first).rejects.toMatchObject({ canceled: true });
    expect((await second).data).toEqual({ sent: true });
    expect(calls).toHaveLength(1);
  });

  it('sends the Bearer token, and a failed login is not treated as an expired session', async () => {
    const { api, calls } = setup(() => ({ status: 401, data: { error: 'Invalid user name, email or password.' } }));
    await expect(api.post('/auth/login', { identifier: 'a', password: 'b' })).rejects.toBeTruthy();
    expect(calls.filter(isRefresh)).toHaveLength(0);
    expect(bearer(calls[0])).toBe('Bearer old-access');
  });

  it('maps a server error to its envelope and no answer to the network error', async () => {
    const { api } = setup((r) =>
      r.url === '/down'
        ? { status: 0, data: null }
        : { status: 422, data: { error: 'Invalid', message: 'Too long', details: [{ path: 'a', message: 'b' }] } },
    );
    const fallback = { error: 'Request failed', message: 'Try again' };
    const refused = await api.post('/posts', { text: 'x' }).catch((e: unknown) => e);
    expect(toErrorPayload(refused, fallback)).toEqual({
      error: 'Invalid',
      message: 'Too long',
      status: 422,
      details: [{ path: 'a', message: 'b' }],
    });
    const down = await api.get('/down').catch((e: unknown) => e);
    expect(down).toBeInstanceOf(ApiRequestError);
    expect(toErrorPayload(down, fallback)).toEqual({ error: 'Network error occurred', message: 'Unable to connect to the server' });
  });
});

describe('the browser transport', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends JSON with its type, the query without absent values, and reads the JSON answer', async () => {
    const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => new Response('{"ok":true}', { status: 201 }));
    vi.stubGlobal('fetch', fetchMock);
    const res = await browserTransport({
      method: 'POST',
      url: '/posts',
      params: { page: 2, q: 'a b', skip: undefined },
      body: { text: 'hi' },
      headers: { Authorization: 'Bearer t' },
      signal: new AbortController().signal,
    });
    expect(res).toEqual({ status: 201, data: { ok: true } });
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/v1/posts?page=2&q=a+b');
    expect(init.body).toBe('{"text":"hi"}');
    expect(init.headers).toMatchObject({ 'Content-Type': 'application/json', Authorization: 'Bearer t' });
  });

  it('sends FormData as it is, so the browser writes the multipart boundary', async () => {
    const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetchMock);
    const form = new FormData();
    form.append('text', 'hi');
    const res = await browserTransport({
      method: 'POST',
      url: '/posts',
      params: {},
      body: form,
      headers: {},
      signal: new AbortController().signal,
    });
    expect(res).toEqual({ status: 204, data: null });
    expect(fetchMock.mock.calls[0][1].body).toBe(form);
    expect(fetchMock.mock.calls[0][1].headers).not.toHaveProperty('Content-Type');
  });

  it('sends an upload that shows progress through XMLHttpRequest and reports how much has gone', async () => {
    const sent: Array<{ method: string; url: string; headers: Record<string, string>; body: unknown }> = [];
    class FakeXhr {
      upload: { onprogress?: (e: { loaded: number; total: number; lengthComputable: boolean }) => void } = {};
      onload?: () => void;
      status = 0;
      responseText = '';
      private request = { method: '', url: '', headers: {} as Record<string, string>, body: undefined as unknown };
      open(method: string, url: string) {
        Object.assign(this.request, { method, url });
      }
      setRequestHeader(name: string, value: string) {
        this.request.headers[name] = value;
      }
      send(body: unknown) {
        sent.push({ ...this.request, body });
        this.upload.onprogress?.({ loaded: 50, total: 200, lengthComputable: true });
        this.upload.onprogress?.({ loaded: 200, total: 200, lengthComputable: true });
        this.status = 201;
        this.responseText = '{"success":true}';
        this.onload?.();
      }
    }
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const progress: number[] = [];
    const form = new FormData();
    const res = await browserTransport({
      method: 'POST',
      url: '/posts',
      params: {},
      body: form,
      headers: { Authorization: 'Bearer t' },
      signal: new AbortController().signal,
      onUploadProgress: (e) => progress.push(e.total ? e.loaded / e.total : 0),
    });
    expect(res).toEqual({ status: 201, data: { success: true } });
    expect(progress).toEqual([0.25, 1]);
    expect(sent).toEqual([
      { method: 'POST', url: '/api/v1/posts', headers: { Accept: 'application/json', Authorization: 'Bearer t' }, body: form },
    ]);
  });
});

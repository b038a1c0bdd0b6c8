import { describe, expect, it } from 'vitest';
import { as, createUser, pngImage } from '../../test/factories';
import { dialects, useTestApp } from '../../test/harness';

interface Reply {
  statusCode: number;
  json(): { success: boolean; error: string; message: string };
}

/** A refusal in the contract's envelope: the given 4xx, never a 500. */
function expectRefused(res: Reply, status: number) {
  expect(res.statusCode).toBe(status);
  const body = res.json();
  expect(body.success).toBe(false);
  expect(typeof body.error).toBe('string');
  expect(body.message.length).toBeGreaterThan(0);
}

const UPLOADS = ['/posts', '/users/u/stories/create', '/users/me/avatar'] as const;

describe.each(dialects())('hostile input on %s', (dialect) => {
  const t = useTestApp(dialect);

  describe('control characters in the address', () => {
    it('a NUL byte in the search query is 400, not 500 (FTS5 and PostgreSQL both choke on it)', async () => {
      const u = await createUser(t.app);
      const api = as(t.app, u);
      for (const query of ['abc%00def', 'a%00', '%00%00%00', 'ab%01cd', 'ab%1Fcd', 'ab%7Fcd', 'ab%C2%85cd']) {
        expectRefused(await api({ method: 'GET', url: `/search/users?query=${query}` }), 400);
      }
      // The search still works afterwards, and ordinary text (tabs aside) with % signs is fine.
      const ok = await api({ method: 'GET', url: `/search/users?query=${encodeURIComponent('100% sure')}` });
      expect(ok.statusCode).toBe(200);
    });

    it('is refused on every route and in path parameters, before authentication', async () => {
      const u = await createUser(t.app);
      const api = as(t.app, u);
      expectRefused(await api({ method: 'GET', url: '/posts/user/abc%00def' }), 400);
      expectRefused(await api({ method: 'GET', url: '/users/suggested-users?limit=5%00' }), 400);
      expectRefused(await api({ method: 'GET', url: '/posts/favorites?page=1%00' }), 400);
      expectRefused(await t.app.inject({ method: 'GET', url: '/api/v1/search/users?query=abc%00def' }), 400);
    });

    it('a path part the router cannot read, or longer than any handle, is refused in the envelope', async () => {
      const api = as(t.app, await createUser(t.app));
      expectRefused(await api({ method: 'GET', url: '/posts/user/abc%E0%A4%A' }), 400);
      expectRefused(await api({ method: 'GET', url: `/posts/user/${'x'.repeat(400)}` }), 414);
    });
  });

  describe('NUL in a JSON body', () => {
    it('is 400 wherever it hides (PostgreSQL cannot store it)', async () => {
      const u = await createUser(t.app);
      const api = as(t.app, u);
      expectRefused(await api({ method: 'PATCH', url: '/users/me', payload: { fullName: 'Ada\u0000Lovelace' } }), 400);
      expectRefused(
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/auth/signup',
          payload: { userName: 'nul_user', fullName: 'N\u0000', email: 'nul@example.com', password: 'long enough pw' },
        }),
        400,
      );
      expectRefused(
        await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { identifier: 'x', password: 'p\u0000' } }),
        400,
      );
      // A NUL in a key or deep inside nesting counts too.
      expectRefused(await api({ method: 'PATCH', url: '/users/me', payload: { ['full\u0000Name']: 'x' } }), 400);
      expectRefused(await api({ method: 'PATCH', url: '/users/me', payload: { userBio: [[[{ a: '\u0000' }]]] } }), 400);
      const fine = await api({ method: 'PATCH', url: '/users/me', payload: { userBio: 'line one\nline two\ttabbed' } });
      expect(fine.statusCode).toBe(200);
    });

    it('a deeply nested body is a clean 4xx, not a stack overflow', async () => {
      const u = await createUser(t.app);
      const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
      const res = await as(t.app, u)({ method: 'PATCH', url: '/users/me', headers: { 'content-type': 'application/json' }, payload: deep });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    });
  });

  describe('malformed multipart', () => {
    it('a multipart content type without a boundary is 400 on every upload', async () => {
      const api = as(t.app, await createUser(t.app));
      for (const url of UPLOADS) {
        expectRefused(await api({ method: 'POST', url, headers: { 'content-type': 'multipart/form-data' }, payload: 'hello' }), 400);
      }
    });

    it('an unterminated body or garbage between boundaries is 400 on every upload', async () => {
      const api = as(t.app, await createUser(t.app));
      const png = await pngImage(8, 8);
      const unterminated = Buffer.concat([
        Buffer.from('--XYZ\r\nContent-Disposition: form-data; name="media"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n'),
        png.subarray(0, 20),
      ]);
      const headers = { 'content-type': 'multipart/form-data; boundary=XYZ' };
      for (const url of UPLOADS) {
        for (const payload of [unterminated, Buffer.from('garbage garbage garbage')]) {
          const res = await api({ method: 'POST', url, headers, payload });
          expect(res.statusCode, `${url} ${payload.subarray(0, 10).toString()}`).toBe(400);
          expectRefused(res, 400);
        }
      }
    });

    it('a body that is not multipart at all is 415 on every upload', async () => {
      const api = as(t.app, await createUser(t.app));
      for (const url of UPLOADS) {
        expectRefused(await api({ method: 'POST', url, headers: { 'content-type': 'text/plain' }, payload: 'hello' }), 415);
        expectRefused(await api({ method: 'POST', url, payload: { content: 'json instead' } }), 415);
      }
    });

    it('a form sent to a route that takes JSON is 415, and changes nothing', async () => {
      const u = await createUser(t.app);
      const api = as(t.app, u);
      const headers = { 'content-type': 'multipart/form-data; boundary=XYZ' };
      const form = '--XYZ\r\nContent-Disposition: form-data; name="fullName"\r\n\r\nChanged By Form\r\n--XYZ--\r\n';
      expectRefused(await api({ method: 'PATCH', url: '/users/me', headers, payload: form }), 415);
      expectRefused(await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', headers, payload: form }), 415);
      const me = await api({ method: 'GET', url: '/users/me' });
      expect(me.json<{ user: { fullName: string } }>().user.fullName).toBe(u.user.fullName);
    });

    it('a NUL in a multipart text field is never a 500', async () => {
      const api = as(t.app, await createUser(t.app));
      const boundary = 'NULBOUNDARY';
      const payload = `--${boundary}\r\nContent-Disposition: form-data; name="content"\r\n\r\nhello\u0000world\r\n--${boundary}--\r\n`;
      const res = await api({
        method: 'POST',
        url: '/posts',
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload,
      });
      expect(res.statusCode).toBeLessThan(500);
    });
  });
});

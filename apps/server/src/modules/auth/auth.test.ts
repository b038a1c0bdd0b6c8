import {
  INVALID_CREDENTIALS,
  loginResponseSchema,
  meResponseSchema,
  REFRESH_ERRORS,
  refreshResponseSchema,
  signupResponseSchema,
  successSchema,
} from '@plaza/contract';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { as, createUser } from '../../../test/factories';
import { dialects, useTestApp } from '../../../test/harness';
import { bodyOf, errorOf } from '../../../test/replies';
import { hashToken } from './tokens';

describe.each(dialects())('accounts and sessions on %s', (dialect) => {
  const t = useTestApp(dialect);
  const post = (url: string, payload: unknown) => t.app.inject({ method: 'POST', url: `/api/v1${url}`, payload: payload as object });

  describe('signup', () => {
    it('creates the account and answers 201 with a session and no secrets', async () => {
      const res = await post('/auth/signup', {
        userName: 'Ada.L',
        email: 'Ada@Example.com',
        password: 'analytical engine',
        fullName: 'Ada Lovelace',
      });
      expect(res.statusCode).toBe(201);
      const body = bodyOf(res, signupResponseSchema);
      expect(body).toMatchObject({
        success: true,
        isUserCreated: true,
        user: { userName: 'Ada.L', email: 'ada@example.com', fullName: 'Ada Lovelace', userImage: null },
      });
      expect(body.accessToken).toEqual(expect.any(String));
      expect(body.refreshToken).toEqual(expect.any(String));
      expect(res.body).not.toMatch(/password|argon2/i);
    });

    it.each([
      ['a too short user name', { userName: 'ab' }, 'userName'],
      ['a user name with spaces', { userName: 'has space' }, 'userName'],
      ['an invalid email', { email: 'not-an-email' }, 'email'],
      ['a 7-character password', { password: 'short77' }, 'password'],
      ['an empty full name', { fullName: '   ' }, 'fullName'],
    ])('rejects %s with 400 and details naming the field', async (_label, override, field) => {
      const res = await post('/auth/signup', {
        userName: 'valid_name',
        email: 'valid@example.com',
        password: 'long enough pw',
        fullName: 'Valid',
        ...override,
      });
      expect(res.statusCode).toBe(400);
      const body = errorOf(res);
      expect(body.success).toBe(false);
      expect(body.details?.map((d) => d.path)).toContain(field);
    });

    it('answers 409 for a user name taken in another case, and for a taken email', async () => {
      const first = await createUser(t.app, { userName: 'grace_h' });
      const sameName = await post('/auth/signup', {
        userName: 'GRACE_H',
        email: 'other@example.com',
        password: 'long enough pw',
        fullName: 'G',
      });
      expect(sameName.statusCode).toBe(409);
      const sameEmail = await post('/auth/signup', {
        userName: 'grace_other',
        email: first.user.email.toUpperCase(),
        password: 'long enough pw',
        fullName: 'G',
      });
      expect(sameEmail.statusCode).toBe(409);
      expect(errorOf(sameEmail)).toMatchObject({ success: false, error: 'Conflict' });
    });

    it('answers 400 for garbage JSON and never 500', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/signup',
        headers: { 'content-type': 'application/json' },
        payload: '{"userName":',
      });
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).success).toBe(false);
    });
  });

  describe('login', () => {
    it('accepts the user name in any case or the email', async () => {
      const u = await createUser(t.app);
      for (const identifier of [u.user.userName.toUpperCase(), u.user.email]) {
        const res = await post('/auth/login', { identifier, password: u.password });
        expect(res.statusCode).toBe(200);
        expect(bodyOf(res, loginResponseSchema)).toMatchObject({ success: true, isUserAuthenticated: true, user: { _id: u.user._id } });
      }
    });

    it('gives the same 401 message for a wrong password and an unknown user', async () => {
      const u = await createUser(t.app);
      const wrong = await post('/auth/login', { identifier: u.user.userName, password: 'wrong password!' });
      const unknown = await post('/auth/login', { identifier: 'nobody_here_at_all', password: 'wrong password!' });
      expect(wrong.statusCode).toBe(401);
      expect(unknown.statusCode).toBe(401);
      expect(errorOf(wrong).error).toBe(INVALID_CREDENTIALS);
      expect(errorOf(unknown)).toEqual(errorOf(wrong));
    });

    it('rejects a missing password with 400', async () => {
      const res = await post('/auth/login', { identifier: 'someone' });
      expect(res.statusCode).toBe(400);
    });
  });

  describe('access tokens', () => {
    it('lets the token read /users/me and refuses requests without one', async () => {
      const u = await createUser(t.app);
      const me = await as(t.app, u)({ method: 'GET', url: '/users/me' });
      expect(bodyOf(me, meResponseSchema).user).toMatchObject({ _id: u.user._id, email: u.user.email });
      const anon = await as(t.app, null)({ method: 'GET', url: '/users/me' });
      expect(anon.statusCode).toBe(401);
      const forged = await as(t.app, { accessToken: `${u.accessToken.slice(0, -4)}AAAA` })({ method: 'GET', url: '/users/me' });
      expect(forged.statusCode).toBe(401);
    });
  });

  describe('refresh', () => {
    it('rotates: the new pair works and the old refresh token stops working', async () => {
      const u = await createUser(t.app);
      const first = await post('/auth/refresh-token', { refreshToken: u.refreshToken });
      expect(first.statusCode).toBe(200);
      const next = bodyOf(first, refreshResponseSchema);
      expect(next.refreshToken).not.toBe(u.refreshToken);
      const me = await as(t.app, next)({ method: 'GET', url: '/users/me' });
      expect(me.statusCode).toBe(200);
      const again = await post('/auth/refresh-token', { refreshToken: next.refreshToken });
      expect(again.statusCode).toBe(200);
    });

    it('treats reuse of a rotated token as theft and revokes the whole family', async () => {
      const u = await createUser(t.app);
      const rotated = bodyOf(await post('/auth/refresh-token', { refreshToken: u.refreshToken }), refreshResponseSchema);
      const reuse = await post('/auth/refresh-token', { refreshToken: u.refreshToken });
      expect(reuse.statusCode).toBe(401);
      expect(errorOf(reuse)).toMatchObject({ success: false, error: REFRESH_ERRORS.invalid, isUserAuthenticated: false });
      // The legitimate holder's newer tokens are dead too.
      expect((await post('/auth/refresh-token', { refreshToken: rotated.refreshToken })).statusCode).toBe(401);
      expect((await as(t.app, rotated)({ method: 'GET', url: '/users/me' })).statusCode).toBe(401);
    });

    it('answers the expiry text for an expired refresh token', async () => {
      const u = await createUser(t.app);
      await t.app.ctx.db
        .updateTable('refresh_tokens')
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where('token_hash', '=', hashToken(u.refreshToken))
        .execute();
      const res = await post('/auth/refresh-token', { refreshToken: u.refreshToken });
      expect(res.statusCode).toBe(401);
      expect(errorOf(res)).toMatchObject({ error: REFRESH_ERRORS.expired, isUserAuthenticated: false });
    });

    it('answers the invalid text for an unknown token', async () => {
      const res = await post('/auth/refresh-token', { refreshToken: 'made-up-token' });
      expect(res.statusCode).toBe(401);
      expect(errorOf(res).error).toBe(REFRESH_ERRORS.invalid);
    });
  });

  describe('logout', () => {
    it('revokes the session: its access and refresh tokens stop working, other sessions live on', async () => {
      const u = await createUser(t.app);
      const other = bodyOf(await post('/auth/login', { identifier: u.user.userName, password: u.password }), loginResponseSchema);
      const out = await as(t.app, u)({ method: 'GET', url: '/auth/user/logout' });
      expect(bodyOf(out, successSchema)).toEqual({ success: true });
      expect((await as(t.app, u)({ method: 'GET', url: '/users/me' })).statusCode).toBe(401);
      expect((await post('/auth/refresh-token', { refreshToken: u.refreshToken })).statusCode).toBe(401);
      expect((await as(t.app, other)({ method: 'GET', url: '/users/me' })).statusCode).toBe(200);
    });
  });
});

describe('expired access tokens', () => {
  const t = useTestApp('sqlite', { ACCESS_TOKEN_TTL: '5' });
  it('answers 401 once the access token has expired', async () => {
    const u = await createUser(t.app);
    try {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now() + 10_000);
      const res = await as(t.app, u)({ method: 'GET', url: '/users/me' });
      expect(res.statusCode).toBe(401);
      expect(errorOf(res).error).toBe('Token expired');
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('rate limits', () => {
  const t = useTestApp('sqlite', { AUTH_RATE_LIMIT: '3' });
  it('answers 429 with Retry-After after too many logins for one identifier', async () => {
    const replies: LightMyRequestResponse[] = [];
    for (let i = 0; i < 4; i++) {
      replies.push(
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/auth/login',
          payload: { identifier: 'target_user', password: 'guess guess' },
        }),
      );
    }
    const last = replies[replies.length - 1];
    expect(replies.map((r) => r.statusCode)).toEqual([401, 401, 401, 429]);
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
    expect(errorOf(last)).toMatchObject({ success: false, error: 'Too Many Requests' });
    // Another identifier from the same address is not blocked.
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { identifier: 'someone_else', password: 'guess guess' },
    });
    expect(other.statusCode).toBe(401);
  });
});

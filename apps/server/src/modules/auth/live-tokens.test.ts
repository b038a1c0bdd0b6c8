import { loginResponseSchema } from '@plaza/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { as, createUser, type TestUser } from '../../../test/factories';
import { REDIS_TEST_URL } from '../../../test/global-setup';
import { dialects, useTestApp } from '../../../test/harness';
import { dropRedisPrefix, redisProblem } from '../../../test/redis';
import { useSecondServer } from '../../../test/second-server';
import { bodyOf } from '../../../test/replies';
import { LiveTokens } from './live-tokens';

const me = (app: FastifyInstance, who: TestUser) => as(app, who)({ method: 'GET', url: '/users/me' });
const login = async (app: FastifyInstance, who: TestUser): Promise<TestUser> => {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { identifier: who.user.userName, password: who.password },
  });
  return { ...who, ...bodyOf(res, loginResponseSchema) };
};
/** Uses the token a few times, so that it is surely kept as verified. */
const warm = async (app: FastifyInstance, who: TestUser) => {
  for (let i = 0; i < 3; i++) expect((await me(app, who)).statusCode).toBe(200);
};

describe.each(dialects())('verified tokens kept in memory, on %s', (dialect) => {
  const t = useTestApp(dialect);

  it('a logout refuses the token at once, though it was verified a moment before', async () => {
    const u = await createUser(t.app);
    const phone = await login(t.app, u);
    await warm(t.app, u);
    await warm(t.app, phone);
    await as(t.app, u)({ method: 'GET', url: '/auth/user/logout' });
    expect((await me(t.app, u)).statusCode).toBe(401);
    expect((await me(t.app, phone)).statusCode).toBe(200);
  });

  it('a password change ends the other sessions at once and keeps the one that made it', async () => {
    const u = await createUser(t.app);
    const laptop = await login(t.app, u);
    await warm(t.app, u);
    await warm(t.app, laptop);
    const res = await as(
      t.app,
      u,
    )({
      method: 'POST',
      url: '/users/me/password',
      payload: { currentPassword: u.password, newPassword: 'a brand new passphrase' },
    });
    expect(res.statusCode).toBe(200);
    expect((await me(t.app, laptop)).statusCode).toBe(401);
    expect((await me(t.app, u)).statusCode).toBe(200);
  });

  it('"sign out everywhere" (suspension, reset, deletion) refuses every kept token of that person only', async () => {
    const u = await createUser(t.app);
    const tablet = await login(t.app, u);
    const bystander = await createUser(t.app);
    for (const who of [u, tablet, bystander]) await warm(t.app, who);
    await t.app.ctx.auth.revokeAllSessions(u.user._id);
    expect((await me(t.app, u)).statusCode).toBe(401);
    expect((await me(t.app, tablet)).statusCode).toBe(401);
    expect((await me(t.app, bystander)).statusCode).toBe(200);
  });

  it('deleting the account refuses its kept token at once', async () => {
    const u = await createUser(t.app);
    await warm(t.app, u);
    const res = await as(t.app, u)({ method: 'DELETE', url: '/users/me', payload: { password: u.password } });
    expect(res.statusCode).toBeLessThan(300);
    expect((await me(t.app, u)).statusCode).toBe(401);
  });
});

describe('the verified-token cache', () => {
  const claims = (userId: string, sessionId: string, inMs = 60_000) => ({ userId, sessionId, expiresAt: Date.now() + inMs });

  it('does not keep what was read while a revocation happened', () => {
    const live = new LiveTokens();
    const since = live.begin();
    live.revoked({ userId: 'u1', sessionIds: ['s1'] });
    live.remember('token', claims('u1', 's1'), since);
    expect(live.get('token')).toBeUndefined();
    live.remember('token', claims('u1', 's1'), live.begin());
    expect(live.get('token')).toMatchObject({ sessionId: 's1' });
  });

  it('drops exactly the sessions a revocation names', () => {
    const live = new LiveTokens();
    for (const [token, s] of [
      ['a', 's1'],
      ['b', 's2'],
      ['c', 's3'],
    ])
      live.remember(token, claims('u1', s), live.begin());
    live.remember('other', claims('u2', 's9'), live.begin());
    live.revoked({ userId: 'u1', sessionIds: ['s2'] });
    expect(['a', 'b', 'c', 'other'].map((k) => live.get(k) !== undefined)).toEqual([true, false, true, true]);
    live.revoked({ userId: 'u1', exceptSessionId: 's3' });
    expect(['a', 'b', 'c', 'other'].map((k) => live.get(k) !== undefined)).toEqual([false, false, true, true]);
    live.revoked({ userId: 'u1' });
    expect(['c', 'other'].map((k) => live.get(k) !== undefined)).toEqual([false, true]);
  });

  it('keeps nothing while revocations from other servers could be missed, and never past the token', () => {
    const live = new LiveTokens();
    live.remember('a', claims('u1', 's1'), live.begin());
    live.setTrusted(false);
    expect(live.get('a')).toBeUndefined();
    live.remember('a', claims('u1', 's1'), live.begin());
    expect(live.get('a')).toBeUndefined();
    live.setTrusted(true);
    live.remember('a', claims('u1', 's1', -1), live.begin());
    expect(live.get('a')).toBeUndefined();
  });
});

const redisMissing = await redisProblem();

if (!redisMissing) {
  describe.each(dialects())('verified tokens on two servers sharing Redis, on %s', (dialect) => {
    const prefix = `plaza-test:${process.pid}:${Date.now().toString(36)}:tokens:`;
    const t = useTestApp(dialect, { REDIS_URL: REDIS_TEST_URL, REDIS_KEY_PREFIX: prefix });
    const second = useSecondServer(t);
    afterAll(() => dropRedisPrefix(prefix));
    /** The relay is asynchronous: a revocation reaches the other server within milliseconds. */
    const refusedWithin = async (app: FastifyInstance, who: TestUser, ms: number) => {
      const until = Date.now() + ms;
      for (;;) {
        if ((await me(app, who)).statusCode === 401) return true;
        if (Date.now() > until) return false;
        await new Promise((r) => setTimeout(r, 5));
      }
    };

    it('a logout through one server refuses the token the other had kept', async () => {
      const u = await createUser(t.app);
      await warm(second(), u);
      await warm(t.app, u);
      const started = Date.now();
      await as(t.app, u)({ method: 'GET', url: '/auth/user/logout' });
      expect(await refusedWithin(second(), u, 500)).toBe(true);
      expect(Date.now() - started).toBeLessThan(500);
    });

    it('"sign out everywhere" on one server ends every kept token of that person on the other', async () => {
      const u = await createUser(t.app);
      const phone = await login(t.app, u);
      const bystander = await createUser(t.app);
      for (const who of [u, phone, bystander]) await warm(second(), who);
      await t.app.ctx.auth.revokeAllSessions(u.user._id);
      expect(await refusedWithin(second(), u, 500)).toBe(true);
      expect(await refusedWithin(second(), phone, 500)).toBe(true);
      expect((await me(second(), bystander)).statusCode).toBe(200);
    });
  });
}

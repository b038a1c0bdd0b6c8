import { loginResponseSchema, meResponseSchema, type SelfUser } from '@plaza/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { as, createUser, multipart, pngImage, type TestUser } from '../../../test/factories';
import { REDIS_TEST_URL } from '../../../test/global-setup';
import { dialects, useTestApp } from '../../../test/harness';
import { linkToken, useMailbox } from '../../../test/mailbox';
import { dropRedisPrefix, redisProblem } from '../../../test/redis';
import { bodyOf } from '../../../test/replies';
import { useSecondServer } from '../../../test/second-server';

const VERIFY_LINK = 'http://plaza.test/auth/verify-email';
const RESET_LINK = 'http://plaza.test/auth/reset-password';

const me = async (app: FastifyInstance, who: TestUser): Promise<SelfUser> =>
  bodyOf(await as(app, who)({ method: 'GET', url: '/users/me' }), meResponseSchema).user;
/** Asks twice, so the reply is surely kept before the change under test. */
const warm = async (app: FastifyInstance, who: TestUser) => {
  await me(app, who);
  return me(app, who);
};
const verify = (app: FastifyInstance, token: string) =>
  app.inject({ method: 'POST', url: '/api/v1/auth/verify-email', payload: { token } });

describe.each(dialects())('the kept reply of /users/me on %s', (dialect) => {
  const mailbox = useMailbox();
  const t = useTestApp(dialect, mailbox.env);

  it('shows a profile edit at once', async () => {
    const u = await createUser(t.app);
    await warm(t.app, u);
    const patch = { fullName: 'Renamed Person', userBio: 'A new bio', userName: `${u.user.userName}_b` };
    expect((await as(t.app, u)({ method: 'PATCH', url: '/users/me', payload: patch })).statusCode).toBe(200);
    expect(await me(t.app, u)).toMatchObject(patch);
  });

  it('shows a new picture at once', async () => {
    const u = await createUser(t.app);
    expect((await warm(t.app, u)).userImage).toBeNull();
    const body = multipart({}, [{ field: 'avatar', filename: 'me.png', contentType: 'image/png', data: await pngImage() }]);
    expect((await as(t.app, u)({ method: 'POST', url: '/users/me/avatar', ...body })).statusCode).toBe(200);
    expect((await me(t.app, u)).userImage).toMatch(/^\/media\/avatars\//);
  });

  it('shows the address verified as soon as the mailed link is opened', async () => {
    const u = await createUser(t.app);
    expect((await warm(t.app, u)).emailVerified).toBe(false);
    expect((await verify(t.app, linkToken(await mailbox.next(u.user.email), VERIFY_LINK))).statusCode).toBe(200);
    expect((await me(t.app, u)).emailVerified).toBe(true);
  });

  it('shows the address verified after a password reset opened from it', async () => {
    const u = await createUser(t.app);
    await mailbox.next(u.user.email, /Confirm your email/);
    expect((await warm(t.app, u)).emailVerified).toBe(false);
    await t.app.inject({ method: 'POST', url: '/api/v1/auth/forgot-password', payload: { email: u.user.email } });
    const token = linkToken(await mailbox.next(u.user.email, /Reset your Plaza password/), RESET_LINK);
    const newPassword = 'a brand new secret';
    await t.app.inject({ method: 'POST', url: '/api/v1/auth/reset-password', payload: { token, newPassword } });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { identifier: u.user.userName, password: newPassword },
    });
    const again = { ...u, ...bodyOf(login, loginResponseSchema) };
    expect((await me(t.app, again)).emailVerified).toBe(true);
  });
});

const redisMissing = await redisProblem();

if (!redisMissing) {
  describe.each(dialects())('the kept reply of /users/me on two servers sharing Redis, on %s', (dialect) => {
    const prefix = `plaza-test:${process.pid}:${Date.now().toString(36)}:self:`;
    const mailbox = useMailbox();
    const t = useTestApp(dialect, Object.assign(mailbox.env, { REDIS_URL: REDIS_TEST_URL, REDIS_KEY_PREFIX: prefix }));
    const second = useSecondServer(t);
    afterAll(() => dropRedisPrefix(prefix));
    /** The relay is asynchronous: a change reaches the other server within milliseconds. */
    const shownWithin = async (app: FastifyInstance, who: TestUser, shows: (u: SelfUser) => boolean, ms = 500) => {
      const until = Date.now() + ms;
      for (;;) {
        if (shows(await me(app, who))) return true;
        if (Date.now() > until) return false;
        await new Promise((r) => setTimeout(r, 5));
      }
    };

    it('a profile edit through one server shows on the other at once', async () => {
      const u = await createUser(t.app);
      await warm(second(), u);
      await as(t.app, u)({ method: 'PATCH', url: '/users/me', payload: { fullName: 'Edited Elsewhere' } });
      expect(await shownWithin(second(), u, (s) => s.fullName === 'Edited Elsewhere')).toBe(true);
    });

    it('an address verified through one server shows verified on the other at once', async () => {
      const u = await createUser(t.app);
      expect((await warm(second(), u)).emailVerified).toBe(false);
      await verify(t.app, linkToken(await mailbox.next(u.user.email), VERIFY_LINK));
      expect(await shownWithin(second(), u, (s) => s.emailVerified)).toBe(true);
    });
  });
}

import { acceptedResponseSchema, loginResponseSchema, meResponseSchema, verifyEmailResponseSchema } from '@plaza/contract';
import { describe, expect, it } from 'vitest';
import { as, createUser, type TestUser } from '../../../test/factories';
import { dialects, useTestApp } from '../../../test/harness';
import { linkToken, useMailbox } from '../../../test/mailbox';
import { bodyOf, errorOf } from '../../../test/replies';
import { createPost } from '../posts/testing';

const VERIFY_LINK = 'http://plaza.test/auth/verify-email';

describe.each(dialects())('email verification and change on %s', (dialect) => {
  const mailbox = useMailbox();
  const t = useTestApp(dialect, Object.assign(mailbox.env, { UNVERIFIED_POSTS_PER_DAY: '2' }));
  const verify = (token: string) => t.app.inject({ method: 'POST', url: '/api/v1/auth/verify-email', payload: { token } });
  const me = async (u: TestUser) => bodyOf(await as(t.app, u)({ method: 'GET', url: '/users/me' }), meResponseSchema).user;

  it('mails a verification link at signup; opening it verifies the address, once', async () => {
    const u = await createUser(t.app);
    expect(u.user.emailVerified).toBe(false);
    const mail = await mailbox.next(u.user.email, /Confirm your email/);
    expect(mail.text).toContain('Plaza');
    expect(mail.text).toContain('http://plaza.test');
    expect(mail.html).toContain(VERIFY_LINK);
    const token = linkToken(mail, VERIFY_LINK);

    const res = await verify(token);
    expect(bodyOf(res, verifyEmailResponseSchema)).toEqual({ success: true, email: u.user.email, changed: false });
    expect((await me(u)).emailVerified).toBe(true);
    const again = await verify(token);
    expect(again.statusCode).toBe(400);
    expect(errorOf(again).message).toMatch(/invalid or has expired/);
  });

  it('keeps only the hash of a link token in the database', async () => {
    const u = await createUser(t.app);
    const token = linkToken(await mailbox.next(u.user.email), VERIFY_LINK);
    const rows = await t.app.ctx.db.selectFrom('account_tokens').selectAll().where('email', '=', u.user.email).execute();
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('sends a new link on request; the older one stops working; a verified account gets 409', async () => {
    const u = await createUser(t.app);
    const first = linkToken(await mailbox.next(u.user.email), VERIFY_LINK);
    const resend = await as(t.app, u)({ method: 'POST', url: '/users/me/verify-email' });
    expect(resend.statusCode).toBe(202);
    bodyOf(resend, acceptedResponseSchema);
    const second = linkToken(await mailbox.next(u.user.email), VERIFY_LINK);
    expect(second).not.toBe(first);
    expect((await verify(first)).statusCode).toBe(400);
    expect((await verify(second)).statusCode).toBe(200);
    expect((await as(t.app, u)({ method: 'POST', url: '/users/me/verify-email' })).statusCode).toBe(409);
  });

  it('lets an unverified account publish two posts a day, then answers 429 saying why; verified, it posts freely', async () => {
    const u = await createUser(t.app);
    await createPost(t.app, u, 'one');
    await createPost(t.app, u, 'two');
    const third = await as(t.app, u)({ method: 'POST', url: '/posts', payload: { content: 'three' } });
    expect(third.statusCode).toBe(429);
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(23 * 3600);
    expect(errorOf(third).message).toMatch(/confirm your email address/);
    await verify(linkToken(await mailbox.next(u.user.email), VERIFY_LINK));
    await createPost(t.app, u, 'three');
  });

  it('changes the address only from a link mailed to the new one, after a notice to the old one', async () => {
    const u = await createUser(t.app);
    await mailbox.next(u.user.email, /Confirm your email/);
    const newEmail = `moved.${u.user.userName}@example.test`;
    const wrongPassword = await as(
      t.app,
      u,
    )({ method: 'POST', url: '/users/me/email', payload: { email: newEmail, password: 'not my password' } });
    expect(wrongPassword.statusCode).toBe(400);
    const res = await as(t.app, u)({ method: 'POST', url: '/users/me/email', payload: { email: newEmail, password: u.password } });
    expect(res.statusCode).toBe(202);

    const notice = await mailbox.next(u.user.email, /about to change/);
    expect(notice.text).toContain(newEmail);
    // Only a link to cancel: the one that changes the address goes to the new one alone.
    expect(notice.text).not.toContain(`${VERIFY_LINK}?token=`);
    expect(notice.text).toContain('http://plaza.test/auth/cancel-email-change?token=');
    const confirm = await mailbox.next(newEmail, /Confirm your new email/);
    expect((await me(u)).email).toBe(u.user.email);

    const done = await verify(linkToken(confirm, VERIFY_LINK));
    expect(bodyOf(done, verifyEmailResponseSchema)).toEqual({ success: true, email: newEmail, changed: true });
    expect(await me(u)).toMatchObject({ email: newEmail, emailVerified: true });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { identifier: newEmail, password: u.password },
    });
    expect(bodyOf(login, loginResponseSchema).user.email).toBe(newEmail);
  });
});

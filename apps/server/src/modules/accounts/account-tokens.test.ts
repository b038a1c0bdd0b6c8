/**
 * One rule for the links of an account (issue 34, findings 1 and 2): a password change or reset voids every
 * link mailed before it (reset, verification, change of address and its cancellation) and every signed
 * export link, whatever its purpose; a change of address can be cancelled from the current address.
 */
import { acceptedResponseSchema, exportResponseSchema, meResponseSchema, successSchema, type DataExport } from '@plaza/contract';
import { describe, expect, it } from 'vitest';
import { as, createUser, type TestUser } from '../../../test/factories';
import { dialects, useTestApp } from '../../../test/harness';
import { linkToken, useMailbox } from '../../../test/mailbox';
import { bodyOf, errorOf } from '../../../test/replies';

const VERIFY_LINK = 'http://plaza.test/auth/verify-email';
const RESET_LINK = 'http://plaza.test/auth/reset-password';
const CANCEL_LINK = 'http://plaza.test/auth/cancel-email-change';

describe.each(dialects())('account links after a password change or reset, on %s', (dialect) => {
  const mailbox = useMailbox();
  const t = useTestApp(dialect, mailbox.env);
  const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url: `/api/v1${url}`, payload });
  const me = async (u: TestUser) => bodyOf(await as(t.app, u)({ method: 'GET', url: '/users/me' }), meResponseSchema).user;

  async function requestChange(u: TestUser, email: string) {
    const res = await as(t.app, u)({ method: 'POST', url: '/users/me/email', payload: { email, password: u.password } });
    expect(res.statusCode).toBe(202);
    return res;
  }

  async function resetLinkFor(email: string): Promise<string> {
    expect((await post('/auth/forgot-password', { email })).statusCode).toBe(202);
    return linkToken(await mailbox.next(email, /Reset your Plaza password/), RESET_LINK);
  }

  async function changePassword(u: TestUser, newPassword: string) {
    const res = await as(t.app, u)({ method: 'POST', url: '/users/me/password', payload: { currentPassword: u.password, newPassword } });
    expect(res.statusCode).toBe(200);
  }

  it('a pending change-of-email link stops working once the password is reset', async () => {
    const victim = await createUser(t.app);
    await mailbox.next(victim.user.email, /Confirm your email/);
    // The attacker, holding the password for a while, asks to move the account to their address.
    const attacker = `attacker.${victim.user.userName}@example.test`;
    await requestChange(victim, attacker);
    const changeLink = linkToken(await mailbox.next(attacker, /Confirm your new email/), VERIFY_LINK);
    // The victim notices and resets the password.
    const reset = await post('/auth/reset-password', { token: await resetLinkFor(victim.user.email), newPassword: 'mine again, really' });
    expect(reset.statusCode).toBe(200);

    const replay = await post('/auth/verify-email', { token: changeLink });
    expect(replay.statusCode).toBe(400);
    expect(errorOf(replay).details?.[0]?.path).toBe('token');
    const login = await post('/auth/login', { identifier: victim.user.userName, password: 'mine again, really' });
    expect(login.json()).toMatchObject({ user: { email: victim.user.email } });
  });

  it('a pending change-of-email link and a verification link stop working once the password is changed', async () => {
    const u = await createUser(t.app);
    const verifyLink = linkToken(await mailbox.next(u.user.email, /Confirm your email/), VERIFY_LINK);
    const other = `other.${u.user.userName}@example.test`;
    await requestChange(u, other);
    const changeLink = linkToken(await mailbox.next(other, /Confirm your new email/), VERIFY_LINK);
    await changePassword(u, 'a different secret');
    expect((await post('/auth/verify-email', { token: changeLink })).statusCode).toBe(400);
    expect((await post('/auth/verify-email', { token: verifyLink })).statusCode).toBe(400);
    expect((await me(u)).email).toBe(u.user.email);
  });

  it('a reset link stops working once the password is changed (finding 2)', async () => {
    const u = await createUser(t.app);
    const token = await resetLinkFor(u.user.email);
    await changePassword(u, 'changed while signed in');
    const replay = await post('/auth/reset-password', { token, newPassword: 'the attacker picks this' });
    expect(replay.statusCode).toBe(400);
    expect((await post('/auth/login', { identifier: u.user.userName, password: 'the attacker picks this' })).statusCode).toBe(401);
    expect((await post('/auth/login', { identifier: u.user.userName, password: 'changed while signed in' })).statusCode).toBe(200);
  });

  it('a signed export link stops working once the password is changed', async () => {
    const u = await createUser(t.app);
    expect((await as(t.app, u)({ method: 'POST', url: '/users/me/export' })).statusCode).toBe(202);
    let exp: DataExport | undefined;
    for (let i = 0; i < 100 && exp?.status !== 'ready'; i++) {
      exp = bodyOf(await as(t.app, u)({ method: 'GET', url: '/users/me/export' }), exportResponseSchema).export;
      if (exp.status === 'pending') await new Promise((r) => setTimeout(r, 50));
    }
    const url = exp?.url ?? '';
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    await changePassword(u, 'a newer secret here');
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(403);
  });

  it('the notice to the current address holds a link that cancels the change', async () => {
    const u = await createUser(t.app);
    await mailbox.next(u.user.email, /Confirm your email/);
    const other = `cancel.${u.user.userName}@example.test`;
    await requestChange(u, other);
    const changeLink = linkToken(await mailbox.next(other, /Confirm your new email/), VERIFY_LINK);
    const notice = await mailbox.next(u.user.email, /about to change/);
    const cancel = await post('/auth/cancel-email-change', { token: linkToken(notice, CANCEL_LINK) });
    expect(bodyOf(cancel, successSchema)).toEqual({ success: true });
    expect((await post('/auth/verify-email', { token: changeLink })).statusCode).toBe(400);
    expect((await me(u)).email).toBe(u.user.email);
    expect((await post('/auth/cancel-email-change', { token: linkToken(notice, CANCEL_LINK) })).statusCode).toBe(400);
  });

  it('answers a change to a taken address exactly as to a free one, and mails the taken address nothing', async () => {
    const a = await createUser(t.app);
    const b = await createUser(t.app);
    await mailbox.next(b.user.email, /Confirm your email/);
    const taken = await requestChange(a, b.user.email);
    const free = await requestChange(a, `free.${a.user.userName}@example.test`);
    const body = (res: typeof taken, email: string) => bodyOf(res, acceptedResponseSchema).message.replace(email, '<email>');
    expect(body(taken, b.user.email)).toBe(body(free, `free.${a.user.userName}@example.test`));
    await mailbox.next(`free.${a.user.userName}@example.test`, /Confirm your new email/);
    await new Promise((r) => setTimeout(r, 300));
    expect(mailbox.to(b.user.email).filter((m) => /new email/.test(m.subject))).toEqual([]);
  });
});

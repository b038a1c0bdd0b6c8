import { acceptedResponseSchema, REFRESH_ERRORS, successSchema } from '@plaza/contract';
import { describe, expect, it } from 'vitest';
import { as, createUser } from '../../../test/factories';
import { dialects, useTestApp } from '../../../test/harness';
import { linkToken, useMailbox } from '../../../test/mailbox';
import { bodyOf, errorOf } from '../../../test/replies';
import { connectAs } from '../chat/testing';

const RESET_LINK = 'http://plaza.test/auth/reset-password';

describe.each(dialects())('forgotten passwords on %s', (dialect) => {
  const mailbox = useMailbox();
  const t = useTestApp(dialect, mailbox.env, { listen: true });
  const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url: `/api/v1${url}`, payload });
  const login = (identifier: string, password: string) => post('/auth/login', { identifier, password });

  async function resetLinkFor(email: string): Promise<string> {
    expect((await post('/auth/forgot-password', { email })).statusCode).toBe(202);
    return linkToken(await mailbox.next(email, /Reset your Plaza password/), RESET_LINK);
  }

  it('answers an unknown address exactly as a known one, and mails only the known one', async () => {
    const u = await createUser(t.app);
    const known = await post('/auth/forgot-password', { email: u.user.email.toUpperCase() });
    const unknown = await post('/auth/forgot-password', { email: 'nobody.here@example.test' });
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(bodyOf(unknown, acceptedResponseSchema)).toEqual(bodyOf(known, acceptedResponseSchema));
    const mail = await mailbox.next(u.user.email, /Reset/);
    expect(mail.text).toContain(`${RESET_LINK}?token=`);
    expect(mail.text).toMatch(/60 minutes/);
    await new Promise((r) => setTimeout(r, 300));
    expect(mailbox.to('nobody.here@example.test')).toEqual([]);
  });

  it('sets the new password, ends every session and socket, and works only once', async () => {
    const u = await createUser(t.app);
    const socket = await connectAs(t.url, u);
    const disconnected = new Promise<number>((resolve) => {
      const started = Date.now();
      socket.on('disconnect', () => resolve(Date.now() - started));
    });
    const token = await resetLinkFor(u.user.email);

    const res = await post('/auth/reset-password', { token, newPassword: 'a brand new secret' });
    expect(bodyOf(res, successSchema)).toEqual({ success: true });
    expect(await disconnected).toBeLessThan(2000);
    expect((await as(t.app, u)({ method: 'GET', url: '/users/me' })).statusCode).toBe(401);
    const refresh = await post('/auth/refresh-token', { refreshToken: u.refreshToken });
    expect(errorOf(refresh).error).toBe(REFRESH_ERRORS.invalid);
    expect((await login(u.user.userName, u.password)).statusCode).toBe(401);
    expect((await login(u.user.userName, 'a brand new secret')).statusCode).toBe(200);

    const again = await post('/auth/reset-password', { token, newPassword: 'yet another secret' });
    expect(again.statusCode).toBe(400);
    expect(errorOf(again).details?.[0]?.path).toBe('token');
    expect((await login(u.user.userName, 'a brand new secret')).statusCode).toBe(200);
    socket.close();
  });

  it('refuses a link older than an hour, and a made-up one', async () => {
    const u = await createUser(t.app);
    const token = await resetLinkFor(u.user.email);
    await t.app.ctx.db
      .updateTable('account_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('email', '=', u.user.email)
      .where('purpose', '=', 'reset_password')
      .execute();
    expect((await post('/auth/reset-password', { token, newPassword: 'a brand new secret' })).statusCode).toBe(400);
    expect((await post('/auth/reset-password', { token: 'x'.repeat(43), newPassword: 'a brand new secret' })).statusCode).toBe(400);
    expect((await login(u.user.userName, u.password)).statusCode).toBe(200);
  });

  it('makes a link valid for one hour, stored only as its hash', async () => {
    const u = await createUser(t.app);
    const token = await resetLinkFor(u.user.email);
    const row = await t.app.ctx.db
      .selectFrom('account_tokens')
      .selectAll()
      .where('email', '=', u.user.email)
      .where('purpose', '=', 'reset_password')
      .executeTakeFirstOrThrow();
    expect(Date.parse(row.expires_at) - Date.parse(row.created_at)).toBe(3_600_000);
    expect(JSON.stringify(row)).not.toContain(token);
  });

  it('mails one address at most three reset links an hour, answering every request alike', async () => {
    const u = await createUser(t.app);
    const replies = [];
    for (let i = 0; i < 5; i++) replies.push(await post('/auth/forgot-password', { email: u.user.email }));
    expect(replies.map((r) => r.statusCode)).toEqual([202, 202, 202, 202, 202]);
    for (let i = 0; i < 3; i++) await mailbox.next(u.user.email, /Reset/, 10_000);
    await new Promise((r) => setTimeout(r, 1000));
    expect(mailbox.to(u.user.email).filter((m) => /Reset/.test(m.subject))).toHaveLength(3);
  });
});

describe('forgot-password rate limit', () => {
  const t = useTestApp('sqlite', {}, { rateLimitScale: 1 });
  it('answers 429 with Retry-After after too many requests from one address', async () => {
    const send = () => t.app.inject({ method: 'POST', url: '/api/v1/auth/forgot-password', payload: { email: 'target@example.test' } });
    const codes = [];
    for (let i = 0; i < 5; i++) codes.push((await send()).statusCode);
    const sixth = await send();
    expect([...codes, sixth.statusCode]).toEqual([202, 202, 202, 202, 202, 429]);
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
  });
});

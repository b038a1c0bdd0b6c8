import { loginResponseSchema, REFRESH_ERRORS, sessionListResponseSchema, successSchema } from '@plaza/contract';
import { describe, expect, it } from 'vitest';
import { as, createUser, type TestUser } from '../../../../test/factories';
import { dialects, useTestApp } from '../../../../test/harness';
import { useMailbox } from '../../../../test/mailbox';
import { bodyOf, errorOf } from '../../../../test/replies';
import { connectAs } from '../../chat/testing';

const FIREFOX_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:128.0) Gecko/20100101 Firefox/128.0';
const CHROME_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';

describe.each(dialects())('the list of sessions on %s', (dialect) => {
  const mailbox = useMailbox();
  const t = useTestApp(dialect, mailbox.env, { listen: true });

  async function signInFrom(u: TestUser, userAgent: string, address = '203.0.113.7') {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'user-agent': userAgent },
      remoteAddress: address,
      payload: { identifier: u.user.userName, password: u.password },
    });
    return bodyOf(res, loginResponseSchema);
  }
  const sessionsOf = async (who: { accessToken: string }) =>
    bodyOf(await as(t.app, who)({ method: 'GET', url: '/users/me/sessions' }), sessionListResponseSchema).data;

  it('lists each session with its device, address and times, this one marked', async () => {
    const u = await createUser(t.app);
    const laptop = await signInFrom(u, FIREFOX_MAC, '198.51.100.4');
    const list = await sessionsOf(laptop);
    expect(list).toHaveLength(2);
    const current = list.find((s) => s.current);
    expect(current).toMatchObject({ userAgent: FIREFOX_MAC, device: 'Firefox on macOS', address: '198.51.100.4' });
    expect(list.filter((s) => s.current)).toHaveLength(1);
    expect(list.find((s) => !s.current)?.lastActiveAt).toEqual(expect.any(String));
  });

  it('marks a session active when it refreshes', async () => {
    const u = await createUser(t.app);
    const [before] = await sessionsOf(u);
    await new Promise((r) => setTimeout(r, 20));
    const refreshed = await t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh-token', payload: { refreshToken: u.refreshToken } });
    expect(refreshed.statusCode).toBe(200);
    const [after] = await sessionsOf(u);
    expect(after._id).toBe(before._id);
    expect(after.lastActiveAt > before.lastActiveAt).toBe(true);
  });

  it('signs one session out: its refresh token stops at once and its socket is cut', async () => {
    const u = await createUser(t.app);
    const phone = await signInFrom(u, CHROME_WINDOWS);
    const socket = await connectAs(t.url, { user: u.user, accessToken: phone.accessToken });
    const cut = new Promise<void>((resolve) => socket.on('disconnect', () => resolve()));
    const phoneSession = (await sessionsOf(phone)).find((s) => s.current);

    const res = await as(t.app, u)({ method: 'DELETE', url: `/users/me/sessions/${phoneSession?._id}` });
    expect(bodyOf(res, successSchema)).toEqual({ success: true });
    await cut;
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/refresh-token',
      payload: { refreshToken: phone.refreshToken },
    });
    expect(errorOf(refresh).error).toBe(REFRESH_ERRORS.invalid);
    expect((await as(t.app, phone)({ method: 'GET', url: '/users/me' })).statusCode).toBe(401);
    expect((await as(t.app, u)({ method: 'GET', url: '/users/me' })).statusCode).toBe(200);
    expect((await sessionsOf(u)).map((s) => s._id)).not.toContain(phoneSession?._id);
    socket.close();
  });

  it("answers 404 for someone else's session and leaves it alone", async () => {
    const owner = await createUser(t.app);
    const stranger = await createUser(t.app);
    const [theirs] = await sessionsOf(owner);
    const res = await as(t.app, stranger)({ method: 'DELETE', url: `/users/me/sessions/${theirs._id}` });
    expect(res.statusCode).toBe(404);
    expect(errorOf(res).success).toBe(false);
    expect((await as(t.app, owner)({ method: 'GET', url: '/users/me' })).statusCode).toBe(200);
    expect((await as(t.app, stranger)({ method: 'DELETE', url: '/users/me/sessions/no-such-session' })).statusCode).toBe(404);
    expect((await as(t.app, stranger)({ method: 'DELETE', url: `/users/me/sessions/${'x'.repeat(65)}` })).statusCode).toBe(400);
  });

  it('signs out everywhere else and keeps this session', async () => {
    const u = await createUser(t.app);
    const a = await signInFrom(u, FIREFOX_MAC);
    const b = await signInFrom(u, CHROME_WINDOWS);
    const res = await as(t.app, b)({ method: 'DELETE', url: '/users/me/sessions' });
    expect(bodyOf(res, successSchema)).toEqual({ success: true });
    expect((await as(t.app, a)({ method: 'GET', url: '/users/me' })).statusCode).toBe(401);
    expect((await as(t.app, u)({ method: 'GET', url: '/users/me' })).statusCode).toBe(401);
    const left = await sessionsOf(b);
    expect(left).toHaveLength(1);
    expect(left[0].current).toBe(true);
  });

  it('mails the owner when a new browser and address sign in, once, with a link to review sessions', async () => {
    const u = await createUser(t.app);
    await signInFrom(u, CHROME_WINDOWS, '192.0.2.55');
    const mail = await mailbox.next(u.user.email, /New sign-in/);
    expect(mail.text).toContain('Chrome on Windows');
    expect(mail.text).toContain('192.0.2.55');
    expect(mail.text).toContain('/settings/security');

    await signInFrom(u, CHROME_WINDOWS, '192.0.2.55');
    await new Promise((r) => setTimeout(r, 300));
    expect(mailbox.to(u.user.email).filter((m) => /New sign-in/.test(m.subject))).toHaveLength(1);
  });

  it('sends no notice for the session that signing up starts', async () => {
    const u = await createUser(t.app);
    await new Promise((r) => setTimeout(r, 300));
    expect(mailbox.to(u.user.email).filter((m) => /New sign-in/.test(m.subject))).toEqual([]);
  });
});

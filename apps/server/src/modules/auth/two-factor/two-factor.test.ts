import {
  loginAnswerSchema,
  loginResponseSchema,
  successSchema,
  twoFactorChallengeResponseSchema,
  twoFactorSetupResponseSchema,
  twoFactorStatusResponseSchema,
} from '@plaza/contract';
import { describe, expect, it } from 'vitest';
import { as, createUser } from '../../../../test/factories';
import { dialects, useTestApp } from '../../../../test/harness';
import { useMailbox } from '../../../../test/mailbox';
import { bodyOf, errorOf } from '../../../../test/replies';
import { createTwoFactorUser, totpCode, type TwoFactorUser } from '../testing';

describe.each(dialects())('two-factor sign-in on %s', (dialect) => {
  const mailbox = useMailbox();
  const t = useTestApp(dialect, mailbox.env);
  const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url: `/api/v1${url}`, payload });
  const login = (u: { user: { userName: string }; password: string }) =>
    post('/auth/login', { identifier: u.user.userName, password: u.password });
  const challengeFor = async (u: TwoFactorUser) => bodyOf(await login(u), twoFactorChallengeResponseSchema).challenge;

  it('is off at first, and a log-in answers tokens as before', async () => {
    const u = await createUser(t.app);
    const status = await as(t.app, u)({ method: 'GET', url: '/users/me/2fa' });
    expect(bodyOf(status, twoFactorStatusResponseSchema)).toEqual({ success: true, enabled: false, recoveryCodesLeft: 0 });
    expect(bodyOf(await login(u), loginResponseSchema).accessToken).toBeTruthy();
  });

  it('needs the password to set up, and a right code to switch on', async () => {
    const u = await createUser(t.app);
    const wrong = await as(t.app, u)({ method: 'POST', url: '/users/me/2fa/setup', payload: { password: 'not the password' } });
    expect(wrong.statusCode).toBe(400);
    expect(errorOf(wrong).details?.[0]?.path).toBe('password');
    const early = await as(t.app, u)({ method: 'POST', url: '/users/me/2fa/enable', payload: { code: '123456' } });
    expect(early.statusCode).toBe(409);

    const setup = bodyOf(
      await as(t.app, u)({ method: 'POST', url: '/users/me/2fa/setup', payload: { password: u.password } }),
      twoFactorSetupResponseSchema,
    );
    expect(setup.otpauthUrl).toMatch(/^otpauth:\/\/totp\/.*secret=/);
    expect(setup.otpauthUrl).toContain(setup.secret);
    // Not in force until enabled: the log-in still answers tokens.
    expect(bodyOf(await login(u), loginResponseSchema).accessToken).toBeTruthy();

    const bad = await as(t.app, u)({ method: 'POST', url: '/users/me/2fa/enable', payload: { code: 'abc' } });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).details?.[0]?.path).toBe('code');
    const off = String((Number(totpCode(setup.secret)) + 500_000) % 1_000_000).padStart(6, '0');
    const wrongCode = await as(t.app, u)({ method: 'POST', url: '/users/me/2fa/enable', payload: { code: off } });
    expect(errorOf(wrongCode).details?.[0]?.path).toBe('code');

    const on = await as(t.app, u)({ method: 'POST', url: '/users/me/2fa/enable', payload: { code: totpCode(setup.secret) } });
    expect(on.statusCode).toBe(200);
    const status = await as(t.app, u)({ method: 'GET', url: '/users/me/2fa' });
    expect(bodyOf(status, twoFactorStatusResponseSchema)).toEqual({ success: true, enabled: true, recoveryCodesLeft: 10 });
    const again = await as(t.app, u)({ method: 'POST', url: '/users/me/2fa/setup', payload: { password: u.password } });
    expect(again.statusCode).toBe(409);
  });

  it('answers a challenge and no tokens to the password alone, then signs in with a code', async () => {
    const u = await createTwoFactorUser(t.app);
    const res = await login(u);
    const answer = bodyOf(res, loginAnswerSchema);
    expect(answer).toMatchObject({ success: true, twoFactorRequired: true });
    expect(res.body).not.toMatch(/accessToken|refreshToken/);

    const challenge = bodyOf(res, twoFactorChallengeResponseSchema).challenge;
    const done = await post('/auth/login/2fa', { challenge, code: totpCode(u.secret, 1) });
    const session = bodyOf(done, loginResponseSchema);
    expect(session.user._id).toBe(u.user._id);
    expect((await as(t.app, session)({ method: 'GET', url: '/users/me' })).statusCode).toBe(200);
  });

  it('refuses a code used once already (the one that enabled it, or a sign-in’s), even within its window', async () => {
    const u = await createTwoFactorUser(t.app);
    const enablingCode = totpCode(u.secret);
    const replay = await post('/auth/login/2fa', { challenge: await challengeFor(u), code: enablingCode });
    expect(replay.statusCode).toBe(400);
    expect(errorOf(replay).details?.[0]?.path).toBe('code');

    const next = totpCode(u.secret, 1);
    expect((await post('/auth/login/2fa', { challenge: await challengeFor(u), code: next })).statusCode).toBe(200);
    const again = await post('/auth/login/2fa', { challenge: await challengeFor(u), code: next });
    expect(errorOf(again).details?.[0]?.path).toBe('code');
  });

  it('spends the challenge: it signs in once, and a wrong code leaves it for another try', async () => {
    const u = await createTwoFactorUser(t.app);
    const challenge = await challengeFor(u);
    const wrong = await post('/auth/login/2fa', { challenge, recoveryCode: 'aaaaa-aaaaa' });
    expect(errorOf(wrong).details?.[0]?.path).toBe('recoveryCode');
    expect((await post('/auth/login/2fa', { challenge, recoveryCode: u.recoveryCodes[0] })).statusCode).toBe(200);
    const reused = await post('/auth/login/2fa', { challenge, recoveryCode: u.recoveryCodes[1] });
    expect(reused.statusCode).toBe(400);
    expect(errorOf(reused).details?.[0]?.path).toBe('challenge');
    const made = await post('/auth/login/2fa', { challenge: 'x'.repeat(43), code: totpCode(u.secret, 1) });
    expect(errorOf(made).details?.[0]?.path).toBe('challenge');
  });

  it('takes each recovery code once', async () => {
    const u = await createTwoFactorUser(t.app);
    const code = u.recoveryCodes[2].toUpperCase();
    expect((await post('/auth/login/2fa', { challenge: await challengeFor(u), recoveryCode: code })).statusCode).toBe(200);
    const used = await post('/auth/login/2fa', { challenge: await challengeFor(u), recoveryCode: code });
    expect(errorOf(used).details?.[0]?.path).toBe('recoveryCode');
    const status = await as(t.app, u)({ method: 'GET', url: '/users/me/2fa' });
    expect(bodyOf(status, twoFactorStatusResponseSchema).recoveryCodesLeft).toBe(9);
  });

  it('refuses bad input with the envelope: both or neither of code and recovery code, a short challenge', async () => {
    const u = await createTwoFactorUser(t.app);
    const challenge = await challengeFor(u);
    for (const payload of [
      { challenge },
      { challenge, code: '123456', recoveryCode: 'abcde-fghjk' },
      { challenge: 'short', code: '123456' },
      {},
    ]) {
      const res = await post('/auth/login/2fa', payload);
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).success).toBe(false);
    }
  });

  it('switches off with the password and a code, and not for someone who has only one of them', async () => {
    const u = await createTwoFactorUser(t.app);
    const disable = (payload: object) => as(t.app, u)({ method: 'POST', url: '/users/me/2fa/disable', payload });
    expect(errorOf(await disable({ password: 'wrong password', code: totpCode(u.secret, 1) })).details?.[0]?.path).toBe('password');
    expect(
      errorOf(await disable({ password: u.password, code: '000000' === totpCode(u.secret, 1) ? '111111' : '000000' })).details?.[0]?.path,
    ).toBe('code');
    expect(bodyOf(await disable({ password: u.password, code: u.recoveryCodes[0] }), successSchema)).toEqual({ success: true });
    expect(bodyOf(await login(u), loginResponseSchema).accessToken).toBeTruthy();
    expect((await disable({ password: u.password, code: totpCode(u.secret, 1) })).statusCode).toBe(409);
  });

  it('tells the owner by mail when it is switched on and off, with a link to the security settings', async () => {
    const u = await createTwoFactorUser(t.app);
    const on = await mailbox.next(u.user.email, /Two-factor sign-in was turned on/);
    expect(on.text).toContain('/settings/security');
    const off = await as(
      t.app,
      u,
    )({ method: 'POST', url: '/users/me/2fa/disable', payload: { password: u.password, code: u.recoveryCodes[0] } });
    expect(off.statusCode).toBe(200);
    expect((await mailbox.next(u.user.email, /Two-factor sign-in was turned off/)).text).toContain('/settings/security');
  });

  it('does not let a token-less caller touch the settings', async () => {
    const res = await as(t.app, null)({ method: 'POST', url: '/users/me/2fa/setup', payload: { password: 'x' } });
    expect(res.statusCode).toBe(401);
  });
});

describe('two-factor codes at the real rate limit', () => {
  const t = useTestApp('sqlite', {}, { rateLimitScale: 1 });
  const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url: `/api/v1${url}`, payload });

  it('stops guessing after ten codes for one account, even the right code', async () => {
    const u = await createTwoFactorUser(t.app);
    const login = await post('/auth/login', { identifier: u.user.userName, password: u.password });
    const { challenge } = bodyOf(login, twoFactorChallengeResponseSchema);
    const statuses: number[] = [];
    for (let i = 0; i < 9; i += 1)
      statuses.push((await post('/auth/login/2fa', { challenge, recoveryCode: `wrong-guess-${i}` })).statusCode);
    // Setting it up and enabling it counted two; eight wrong guesses, then 429.
    expect(statuses).toEqual([...Array<number>(8).fill(400), 429]);
    const right = await post('/auth/login/2fa', { challenge, code: totpCode(u.secret, 1) });
    expect(right.statusCode).toBe(429);
    expect(right.headers['retry-after']).toBeTruthy();
  });
});

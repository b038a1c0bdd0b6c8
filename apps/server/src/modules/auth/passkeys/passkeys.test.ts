import {
  PASSKEY_FRESH_SIGN_IN_MINUTES,
  loginResponseSchema,
  passkeyListResponseSchema,
  passkeyOptionsResponseSchema,
  passkeyResponseSchema,
  successSchema,
  twoFactorChallengeResponseSchema,
} from '@plaza/contract';
import { describe, expect, it } from 'vitest';
import { as, createUser, type TestUser } from '../../../../test/factories';
import { dialects, useTestApp } from '../../../../test/harness';
import { useMailbox } from '../../../../test/mailbox';
import { bodyOf, errorOf } from '../../../../test/replies';
import { createTwoFactorUser } from '../testing';
import { assertPasskey, createPasskey, type SoftPasskey } from './testing';

describe.each(dialects())('passkeys on %s', (dialect) => {
  const mailbox = useMailbox();
  const t = useTestApp(dialect, mailbox.env);
  const site = () => {
    const url = new URL(t.config.publicUrl);
    return { origin: url.origin, rpId: url.hostname };
  };
  const post = (url: string, payload?: object) => t.app.inject({ method: 'POST', url: `/api/v1${url}`, ...(payload ? { payload } : {}) });

  const startAdding = (u: TestUser, password = u.password) =>
    as(t.app, u)({ method: 'POST', url: '/users/me/passkeys/options', payload: { password } });

  async function register(u: TestUser, name = 'Laptop', opts: { verified?: boolean } = {}) {
    const res = await startAdding(u);
    const { options } = bodyOf(res, passkeyOptionsResponseSchema);
    const made = createPasskey({ ...site(), challenge: options.challenge }, 'handle', opts);
    const reply = await as(t.app, u)({ method: 'POST', url: '/users/me/passkeys', payload: { name, response: made.response } });
    return { reply, passkey: made.passkey, response: made.response };
  }

  async function signIn(passkey: SoftPasskey) {
    const { options } = bodyOf(await post('/auth/passkeys/options'), passkeyOptionsResponseSchema);
    return post('/auth/passkeys/verify', { response: assertPasskey(passkey, { ...site(), challenge: options.challenge }) });
  }

  it('registers several passkeys, lists and removes them', async () => {
    const u = await createUser(t.app);
    const first = await register(u, 'Laptop');
    expect(first.reply.statusCode).toBe(201);
    expect(bodyOf(first.reply, passkeyResponseSchema).passkey).toMatchObject({ name: 'Laptop', lastUsedAt: null });
    expect((await register(u, 'Phone')).reply.statusCode).toBe(201);
    const list = bodyOf(await as(t.app, u)({ method: 'GET', url: '/users/me/passkeys' }), passkeyListResponseSchema).data;
    expect(list.map((p) => p.name)).toEqual(['Laptop', 'Phone']);

    const removed = await as(t.app, u)({ method: 'DELETE', url: `/users/me/passkeys/${list[0]._id}` });
    expect(bodyOf(removed, successSchema)).toEqual({ success: true });
    const after = bodyOf(await as(t.app, u)({ method: 'GET', url: '/users/me/passkeys' }), passkeyListResponseSchema).data;
    expect(after.map((p) => p.name)).toEqual(['Phone']);
    // A removed passkey no longer signs in.
    expect(errorOf(await signIn(first.passkey)).details?.[0]?.path).toBe('response');
  });

  it('needs the password to add one: a session signed in long ago (a borrowed browser, a stolen token) cannot', async () => {
    const u = await createUser(t.app);
    // Right after signing in the password was just given: the body-less call of the contract works.
    expect((await as(t.app, u)({ method: 'POST', url: '/users/me/passkeys/options' })).statusCode).toBe(200);
    const longAgo = new Date(Date.now() - (PASSKEY_FRESH_SIGN_IN_MINUTES + 1) * 60_000).toISOString();
    await t.app.ctx.db.updateTable('sessions').set({ created_at: longAgo }).where('user_id', '=', u.user._id).execute();
    const bare = await as(t.app, u)({ method: 'POST', url: '/users/me/passkeys/options' });
    expect(bare.statusCode).toBe(400);
    expect(errorOf(bare).details?.[0]?.path).toBe('password');
    expect((await startAdding(u)).statusCode).toBe(200);
    const wrong = await startAdding(u, 'not my password');
    expect(wrong.statusCode).toBe(400);
    expect(errorOf(wrong).details?.[0]?.path).toBe('password');
    // No challenge was handed out, so no registration can follow.
    const made = createPasskey({ ...site(), challenge: 'bm90LWEtY2hhbGxlbmdlLWZyb20tdGhpcy1zZXJ2ZXI' }, 'h');
    expect(
      (await as(t.app, u)({ method: 'POST', url: '/users/me/passkeys', payload: { name: 'Thief', response: made.response } })).statusCode,
    ).toBe(400);
    expect(bodyOf(await as(t.app, u)({ method: 'GET', url: '/users/me/passkeys' }), passkeyListResponseSchema).data).toEqual([]);
  });

  it('tells the owner by mail when a passkey is added, with a link to review and remove it', async () => {
    const u = await createUser(t.app);
    expect((await register(u, 'Work laptop')).reply.statusCode).toBe(201);
    const mail = await mailbox.next(u.user.email, /passkey was added/);
    expect(mail.text).toContain('Work laptop');
    expect(mail.text).toContain('/settings/security');
  });

  it('signs in with a passkey, without a password and without the TOTP step', async () => {
    const u = await createTwoFactorUser(t.app);
    const { passkey } = await register(u);
    const login = await post('/auth/login', { identifier: u.user.userName, password: u.password });
    expect(bodyOf(login, twoFactorChallengeResponseSchema).twoFactorRequired).toBe(true);

    const res = await signIn(passkey);
    const session = bodyOf(res, loginResponseSchema);
    expect(session.user._id).toBe(u.user._id);
    expect((await as(t.app, session)({ method: 'GET', url: '/users/me' })).statusCode).toBe(200);
    const [listed] = bodyOf(await as(t.app, u)({ method: 'GET', url: '/users/me/passkeys' }), passkeyListResponseSchema).data;
    expect(listed.lastUsedAt).not.toBeNull();
  });

  it('spends each challenge once: a replayed assertion is refused', async () => {
    const u = await createUser(t.app);
    const { passkey } = await register(u);
    const { options } = bodyOf(await post('/auth/passkeys/options'), passkeyOptionsResponseSchema);
    const assertion = assertPasskey(passkey, { ...site(), challenge: options.challenge });
    expect((await post('/auth/passkeys/verify', { response: assertion })).statusCode).toBe(200);
    const replay = await post('/auth/passkeys/verify', { response: assertion });
    expect(replay.statusCode).toBe(400);
    expect(errorOf(replay).message).toMatch(/expired/);
    const madeUp = assertPasskey(passkey, { ...site(), challenge: 'bm90LWEtY2hhbGxlbmdlLWZyb20tdGhpcy1zZXJ2ZXI' });
    expect((await post('/auth/passkeys/verify', { response: madeUp })).statusCode).toBe(400);
  });

  it('refuses an answer signed for another site or by another key', async () => {
    const u = await createUser(t.app);
    const { passkey } = await register(u);
    const { options } = bodyOf(await post('/auth/passkeys/options'), passkeyOptionsResponseSchema);
    const phished = assertPasskey(passkey, { origin: 'https://evil.example', rpId: site().rpId, challenge: options.challenge });
    expect((await post('/auth/passkeys/verify', { response: phished })).statusCode).toBe(400);

    const other = createPasskey({ ...site(), challenge: 'x' }, 'h').passkey;
    const forged = { ...other, credentialId: passkey.credentialId };
    const again = bodyOf(await post('/auth/passkeys/options'), passkeyOptionsResponseSchema).options;
    expect(
      (await post('/auth/passkeys/verify', { response: assertPasskey(forged, { ...site(), challenge: again.challenge }) })).statusCode,
    ).toBe(400);
  });

  it('needs user verification to register, and a registration challenge of the same account', async () => {
    const u = await createUser(t.app);
    expect((await register(u, 'No PIN', { verified: false })).reply.statusCode).toBe(400);

    const other = await createUser(t.app);
    const { options } = bodyOf(await startAdding(other), passkeyOptionsResponseSchema);
    const made = createPasskey({ ...site(), challenge: options.challenge }, 'h');
    const stolen = await as(t.app, u)({ method: 'POST', url: '/users/me/passkeys', payload: { name: 'Stolen', response: made.response } });
    expect(stolen.statusCode).toBe(400);
    expect(errorOf(stolen).details?.[0]?.path).toBe('response');
  });

  it("does not let anyone remove someone else's passkey (404), nor list it", async () => {
    const owner = await createUser(t.app);
    const stranger = await createUser(t.app);
    const id = bodyOf((await register(owner)).reply, passkeyResponseSchema).passkey._id;
    expect((await as(t.app, stranger)({ method: 'DELETE', url: `/users/me/passkeys/${id}` })).statusCode).toBe(404);
    expect(bodyOf(await as(t.app, stranger)({ method: 'GET', url: '/users/me/passkeys' }), passkeyListResponseSchema).data).toEqual([]);
    expect(bodyOf(await as(t.app, owner)({ method: 'GET', url: '/users/me/passkeys' }), passkeyListResponseSchema).data).toHaveLength(1);
  });

  it('refuses bad input with the envelope', async () => {
    const u = await createUser(t.app);
    for (const payload of [
      {},
      { response: { id: 'x' } },
      { response: { id: 'a', rawId: 'a', type: 'public-key', response: {}, clientExtensionResults: {} } },
    ]) {
      const res = await post('/auth/passkeys/verify', payload);
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).success).toBe(false);
    }
    const noName = await as(t.app, u)({ method: 'POST', url: '/users/me/passkeys', payload: { name: ' ', response: {} } });
    expect(noName.statusCode).toBe(400);
    const garbage = {
      id: 'a',
      rawId: 'a',
      type: 'public-key',
      response: { clientDataJSON: 'bm9wZQ', authenticatorData: 'AA', signature: 'AA' },
      clientExtensionResults: {},
    };
    expect((await post('/auth/passkeys/verify', { response: garbage })).statusCode).toBe(400);
  });
});

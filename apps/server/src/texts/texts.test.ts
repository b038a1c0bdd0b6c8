/** The server's catalogs are complete, and a person reads their mails and pushes in their own language. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createUser, sendChatMessage } from '../../test/factories';
import { dialects, useTestApp } from '../../test/harness';
import { useMailbox } from '../../test/mailbox';
import { sleep } from '../modules/chat/testing';
import { befriend, connect } from '../modules/people/testing';
import { startPushService, type PushService } from '../modules/push/testing';
import { en } from './en';
import { CATALOGS, missingKeys, PLURAL, translator, type Catalog } from './translate';

const placeholders = (text: string) =>
  [...text.matchAll(/\{\{(\w+)\}\}/g)]
    .map((m) => m[1])
    // A plural form may spell its number out ("رسالتان"): the count can go unsaid. So can a validation's
    // problem, zod's English, which the answer's field details keep.
    .filter((name) => name !== 'count' && name !== 'problem')
    .sort();
const source: Catalog = en;

describe('the catalogs', () => {
  for (const [language, catalog] of Object.entries(CATALOGS)) {
    it(`${language} has every text of English, in every plural form, with the same placeholders`, () => {
      expect(missingKeys(language, catalog)).toEqual([]);
      for (const [key, text] of Object.entries(catalog)) {
        const english = source[key] ?? source[key.replace(PLURAL, '_other')];
        expect(english, `${language}: ${key} is not a key of English`).toBeDefined();
        expect(placeholders(text), `${language}: ${key}`).toEqual(placeholders(english ?? ''));
      }
    });
  }

  it('names what a catalog lacks: a text, and a plural form the language needs', () => {
    const { 'mail.reset.subject': _gone, 'mail.digest.messages_two': _two, ...rest } = CATALOGS.ar;
    expect(missingKeys('ar', rest).sort()).toEqual(['mail.digest.messages_two', 'mail.reset.subject']);
  });

  it('reads a missing text in English, and picks plural forms by the language', () => {
    const saved = CATALOGS.es;
    const { 'push.friendRequest.title': _gone, ...rest } = saved;
    CATALOGS.es = rest;
    try {
      expect(translator('es')('push.friendRequest.title')).toBe('Friend request');
      expect(translator('es')('push.friendRequest.body', { actor: 'Ana' })).toBe('Ana te envió una solicitud de amistad');
    } finally {
      CATALOGS.es = saved;
    }
    expect(translator('ar')('push.group.many', { count: 2 })).toBe('رسالتان جديدتان');
    expect(translator('ar')('push.group.many', { count: 5 })).toBe('5 رسائل جديدة');
    expect(translator('ar')('push.group.many', { count: 11 })).toBe('11 رسالة جديدة');
  });
});

let pushService: PushService;
beforeAll(async () => {
  pushService = await startPushService();
});
afterAll(async () => {
  await pushService.close();
});

describe.each(dialects())('mails and pushes in the reader language on %s', (dialect) => {
  const mailbox = useMailbox();
  const t = useTestApp(dialect, Object.assign(mailbox.env, { ALLOW_PRIVATE_ADDRESSES: 'true' }), { listen: true });

  const speaking = async (language: 'es' | 'ar', fullName: string) => {
    const who = await createUser(t.app, { fullName });
    expect((await as(t.app, who)({ method: 'PATCH', url: '/users/me', payload: { language } })).statusCode).toBe(200);
    return who;
  };

  it("mails a Spanish person's password reset in Spanish, link and all", async () => {
    const sofia = await speaking('es', 'Sofía Ruiz');
    const english = await createUser(t.app, { fullName: 'Ann Lee' });
    for (const who of [sofia, english])
      expect(
        (await t.app.inject({ method: 'POST', url: '/api/v1/auth/forgot-password', payload: { email: who.user.email } })).statusCode,
      ).toBe(202);
    // (The sign-up's confirmation mail came before the language was chosen.)
    const mail = await mailbox.next(sofia.user.email, /contraseña/);
    expect(mail.subject).toBe('Restablece tu contraseña de Plaza');
    expect(mail.text).toContain('Hola, Sofía Ruiz:');
    expect(mail.text).toContain('durante 60 minutos');
    expect(mail.text).toContain('Elegir una contraseña nueva: http://plaza.test/auth/reset-password?token=');
    expect(mail.html).toContain('lang="es"');
    // Someone who kept English still reads English.
    expect((await mailbox.next(english.user.email, /password/)).subject).toBe('Reset your Plaza password');
  });

  it('pushes to a Spanish person in Spanish and to an Arabic one in Arabic', async () => {
    t.config.push.groupWindowMs = 300;
    const ana = await createUser(t.app, { fullName: 'Ana Lima' });
    const [sofia, omar] = [await speaking('es', 'Sofía Ruiz'), await speaking('ar', 'Omar Haddad')];
    const devices = [];
    for (const who of [sofia, omar]) {
      const device = pushService.device();
      expect((await as(t.app, who)({ method: 'POST', url: '/push/subscriptions', payload: device.subscription })).statusCode).toBe(201);
      devices.push(device);
    }
    await connect(t.app, ana, 'send', sofia);
    await befriend(t.app, ana, omar);
    for (const text of ['¿Comemos?', 'Hola', 'Oye']) expect((await sendChatMessage(t.app, ana, omar, text)).statusCode).toBe(201);
    await t.app.ctx.events.settled();
    await sleep(t.config.push.groupWindowMs + 400);
    await t.app.ctx.jobs.drained();
    expect(devices[0].received).toMatchObject([
      { type: 'friend_request', title: 'Solicitud de amistad', body: 'Ana Lima te envió una solicitud de amistad' },
    ]);
    // Omar also hears of Ana's friend request, which may arrive before or after the messages' push.
    const messagePushes = devices[1].received.filter((p) => p.type === 'message');
    expect(messagePushes.at(-1)).toMatchObject({ title: 'Ana Lima', body: '3 رسائل جديدة من Ana Lima' });
  });
});

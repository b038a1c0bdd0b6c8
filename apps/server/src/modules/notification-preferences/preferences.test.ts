import { notificationPreferencesResponseSchema, type NotificationPreferences } from '@plaza/contract';
import { describe, expect, it } from 'vitest';
import type { OutgoingMail } from '../../mail';
import { as, createUser, sendChatMessage, type TestUser } from '../../../test/factories';
import { dialects, useTestApp } from '../../../test/harness';
import { bodyOf } from '../../../test/replies';
import { dailyDigest } from '../notifications';
import { notificationsOf } from '../notifications/testing';
import { connect } from '../people/testing';
import { inQuietHours } from './quiet-hours';
import { preferencesService } from './service';

describe('quiet hours', () => {
  const at = (iso: string) => new Date(iso);
  it('span midnight, on the clock of the person’s time zone', () => {
    const prefs = { quietHours: { start: '22:00', end: '07:00' }, timeZone: 'Europe/Madrid' };
    // 21:30 UTC is 22:30 in Madrid in winter.
    expect(inQuietHours(prefs, at('2026-01-10T21:30:00Z'))).toBe(true);
    expect(inQuietHours(prefs, at('2026-01-10T20:30:00Z'))).toBe(false);
    expect(inQuietHours(prefs, at('2026-01-11T05:59:00Z'))).toBe(true);
    expect(inQuietHours(prefs, at('2026-01-11T06:00:00Z'))).toBe(false);
    expect(inQuietHours({ ...prefs, timeZone: 'UTC' }, at('2026-01-10T21:30:00Z'))).toBe(false);
    expect(inQuietHours({ quietHours: { start: '13:00', end: '14:00' }, timeZone: 'UTC' }, at('2026-01-10T13:30:00Z'))).toBe(true);
    expect(inQuietHours({ quietHours: null, timeZone: 'UTC' }, at('2026-01-10T13:30:00Z'))).toBe(false);
  });
});

describe.each(dialects())('notification preferences on %s', (dialect) => {
  const t = useTestApp(dialect);
  const get = async (who: TestUser) =>
    bodyOf(await as(t.app, who)({ method: 'GET', url: '/users/me/notification-preferences' }), notificationPreferencesResponseSchema)
      .preferences;
  const put = (who: TestUser, payload: object) => as(t.app, who)({ method: 'PUT', url: '/users/me/notification-preferences', payload });

  it('starts with everything on, previews shown, no quiet hours and no digest', async () => {
    const me = await createUser(t.app);
    const prefs = await get(me);
    expect(prefs).toMatchObject({ hidePreviews: false, quietHours: null, digest: 'off', timeZone: 'UTC', pushWhileActive: false });
    expect(Object.keys(prefs.kinds)).toEqual(['messages', 'requests', 'comments', 'reactions', 'mentions']);
    expect(prefs.kinds.mentions).toEqual({ inApp: true, push: true, email: true });
    expect((await as(t.app, null)({ method: 'GET', url: '/users/me/notification-preferences' })).statusCode).toBe(401);
  });

  it('keeps what you set, for you alone; refuses what is not a preference', async () => {
    const [me, other] = [await createUser(t.app), await createUser(t.app)];
    const base = await get(me);
    const mine: NotificationPreferences = {
      ...base,
      kinds: { ...base.kinds, reactions: { inApp: false, push: false, email: true } },
      hidePreviews: true,
      quietHours: { start: '22:00', end: '07:00' },
      digest: 'daily',
      timeZone: 'America/Sao_Paulo',
    };
    const res = await put(me, mine);
    expect(res.statusCode).toBe(200);
    expect(bodyOf(res, notificationPreferencesResponseSchema).preferences).toEqual(mine);
    expect(await get(me)).toEqual(mine);
    expect(await get(other)).toEqual(base);
    // Without the two optional fields they keep their value.
    const { timeZone: _z, pushWhileActive: _p, ...contractShape } = { ...mine, digest: 'off' as const };
    expect((await put(me, contractShape)).statusCode).toBe(200);
    expect(await get(me)).toEqual({ ...mine, digest: 'off' });

    const bad: object[] = [
      { ...mine, quietHours: { start: '25:00', end: '07:00' } },
      { ...mine, quietHours: { start: '22:00' } },
      { ...mine, timeZone: 'Mars/Olympus' },
      { ...mine, digest: 'weekly' },
      { ...mine, kinds: { ...mine.kinds, messages: { inApp: true, push: 'yes', email: false } } },
      { ...mine, kinds: { messages: mine.kinds.messages } },
      { kinds: mine.kinds },
    ];
    for (const payload of bad) expect((await put(me, payload)).statusCode).toBe(400);
    expect(await get(me)).toEqual({ ...mine, digest: 'off' });
    expect((await put(null as unknown as TestUser, mine)).statusCode).toBe(401);
  });

  it('stores no notification of a kind whose in-app channel is off', async () => {
    const [me, a, b] = [await createUser(t.app), await createUser(t.app), await createUser(t.app)];
    const base = await get(me);
    expect((await put(me, { ...base, kinds: { ...base.kinds, requests: { inApp: false, push: true, email: true } } })).statusCode).toBe(
      200,
    );
    await connect(t.app, a, 'send', me);
    expect(await notificationsOf(t.app, me)).toEqual([]);
    expect((await put(me, base)).statusCode).toBe(200);
    await connect(t.app, b, 'send', me);
    expect((await notificationsOf(t.app, me)).map((n) => n.actor_id)).toEqual([b.user._id]);
  });

  it('mails a daily digest of what was missed, once, to those who asked for it', async () => {
    const [me, ana] = [await createUser(t.app), await createUser(t.app, { fullName: 'Ana Lima' })];
    const base = await get(me);
    expect(
      (await put(me, { ...base, digest: 'daily', kinds: { ...base.kinds, reactions: { inApp: true, push: true, email: false } } }))
        .statusCode,
    ).toBe(200);
    await connect(t.app, ana, 'send', me);
    await connect(t.app, me, 'accept', ana);
    await t.app.ctx.db.updateTable('notifications').set({ read: 0 }).where('recipient_id', '=', me.user._id).execute();
    await sendChatMessage(t.app, ana, me, 'hi');
    await sendChatMessage(t.app, ana, me, 'there');
    await notificationsOf(t.app, me);

    const mails: OutgoingMail[] = [];
    const digest = dailyDigest(t.app.ctx, {
      preferences: preferencesService(t.app.ctx),
      unreadMessagesSince: (userId, since) =>
        t.app.ctx.db
          .selectFrom('messages')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('receiver_id', '=', userId)
          .where('read_at', 'is', null)
          .where('created_at', '>', since)
          .executeTakeFirstOrThrow()
          .then((r) => Number(r.n)),
      sendMail: (mail) => mails.push(mail),
    });
    // Not a day yet: nothing is due.
    expect(await digest.sweep()).toBe(0);
    expect(await digest.sweep(Date.now() + 86_400_000 + 60_000)).toBe(1);
    expect(mails).toHaveLength(1);
    expect(mails[0].to).toBe(me.user.email);
    expect(mails[0].subject).toBe('What you missed on Plaza');
    expect(mails[0].text).toContain('You have 2 unread messages.');
    expect(mails[0].text).toContain('Ana Lima sent you a friend request');
    // A second sweep (another worker, the next hour) sends nothing new.
    expect(await digest.sweep(Date.now() + 86_400_000 + 120_000)).toBe(0);
    expect(mails).toHaveLength(1);
  });
});

import {
  notificationPreferencesResponseSchema,
  pushPublicKeyResponseSchema,
  successSchema,
  type NotificationPreferences,
} from '@plaza/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createUser, sendChatMessage, type TestUser } from '../../../test/factories';
import { dialects, useTestApp } from '../../../test/harness';
import { bodyOf } from '../../../test/replies';
import { connectAs, createGroup, sleep } from '../chat/testing';
import { befriend, connect } from '../people/testing';
import { createPost } from '../posts/testing';
import { startPushService, type Device, type PushService } from './testing';

let service: PushService;
beforeAll(async () => {
  service = await startPushService();
});
afterAll(async () => {
  await service.close();
});

describe.each(dialects())('web push on %s', (dialect) => {
  const t = useTestApp(dialect, { ALLOW_PRIVATE_ADDRESSES: 'true' }, { listen: true });
  /** Short windows keep the suite quick; the grouping test widens its own. */
  const windowMs = (ms: number) => {
    t.config.push.groupWindowMs = ms;
  };

  const preferencesOf = async (who: TestUser): Promise<NotificationPreferences> =>
    bodyOf(await as(t.app, who)({ method: 'GET', url: '/users/me/notification-preferences' }), notificationPreferencesResponseSchema)
      .preferences;
  const changePreferences = async (who: TestUser, changes: Partial<NotificationPreferences>) =>
    as(t.app, who)({ method: 'PUT', url: '/users/me/notification-preferences', payload: { ...(await preferencesOf(who)), ...changes } });

  async function subscribed(who: TestUser): Promise<Device> {
    const device = service.device();
    const res = await as(t.app, who)({ method: 'POST', url: '/push/subscriptions', payload: device.subscription });
    expect(res.statusCode).toBe(201);
    return device;
  }

  /** Waits out the grouping window and every job it set off. */
  async function settle(extraMs = 0) {
    await t.app.ctx.events.settled();
    await sleep(t.config.push.groupWindowMs + 100 + extraMs);
    await t.app.ctx.jobs.drained();
  }

  async function friends(fullName = 'Ana Lima') {
    const ana = await createUser(t.app, { fullName });
    const bea = await createUser(t.app, { fullName: 'Bea Costa' });
    await befriend(t.app, ana, bea);
    return { ana, bea };
  }

  it('gives the VAPID public key to signed-in people only', async () => {
    const me = await createUser(t.app);
    const res = await as(t.app, me)({ method: 'GET', url: '/push/public-key' });
    expect(bodyOf(res, pushPublicKeyResponseSchema).key).toBe(t.config.push.vapid.publicKey);
    expect(Buffer.from(t.config.push.vapid.publicKey, 'base64url')).toHaveLength(65);
    expect((await as(t.app, null)({ method: 'GET', url: '/push/public-key' })).statusCode).toBe(401);
  });

  it('keeps one subscription per device, which nobody else can take over or delete', async () => {
    const [me, other] = [await createUser(t.app), await createUser(t.app)];
    const device = await subscribed(me);
    // The same device again (new keys after a browser update): refreshed, still one row.
    const again = { ...device.subscription, keys: { ...device.subscription.keys, auth: 'bmV3LWF1dGgtc2VjcmV0' } };
    expect((await as(t.app, me)({ method: 'POST', url: '/push/subscriptions', payload: again })).statusCode).toBe(201);
    const rows = () =>
      t.app.ctx.db.selectFrom('push_subscriptions').selectAll().where('endpoint', '=', device.subscription.endpoint).execute();
    expect(await rows()).toMatchObject([{ user_id: me.user._id, auth: 'bmV3LWF1dGgtc2VjcmV0' }]);

    expect((await as(t.app, other)({ method: 'POST', url: '/push/subscriptions', payload: device.subscription })).statusCode).toBe(403);
    const del = (who: TestUser) =>
      as(t.app, who)({ method: 'DELETE', url: '/push/subscriptions', payload: { endpoint: device.subscription.endpoint } });
    expect((await del(other)).statusCode).toBe(404);
    expect(await rows()).toMatchObject([{ user_id: me.user._id }]);

    const bad = [
      { endpoint: 'not a url', keys: device.subscription.keys },
      { endpoint: 'ftp://push.example/x', keys: device.subscription.keys },
      { endpoint: device.subscription.endpoint, keys: { p256dh: 'has spaces!', auth: 'x' } },
      { endpoint: device.subscription.endpoint },
    ];
    for (const payload of bad) expect((await as(t.app, me)({ method: 'POST', url: '/push/subscriptions', payload })).statusCode).toBe(400);
    expect((await as(t.app, null)({ method: 'POST', url: '/push/subscriptions', payload: device.subscription })).statusCode).toBe(401);

    expect(bodyOf(await del(me), successSchema)).toEqual({ success: true });
    expect(await rows()).toEqual([]);
  });

  it('pushes a message to an offline person once, then groups the next ones into one notification that updates', async () => {
    windowMs(400);
    const { ana, bea } = await friends();
    const device = await subscribed(bea);
    expect((await sendChatMessage(t.app, ana, bea, 'Lunch at noon?')).statusCode).toBe(201);
    await settle();
    expect(device.received).toEqual([
      { type: 'message', title: 'Ana Lima', body: 'Lunch at noon?', url: `/chat/${ana.user.userName}`, tag: `message:${ana.user._id}` },
    ]);
    await settle();
    expect(device.received).toHaveLength(1);

    // Four more in quick succession: one window, one push, the count of what is unread.
    windowMs(1500);
    for (const text of ['Are you there?', 'Hello?', 'Bea!', 'Call me'])
      expect((await sendChatMessage(t.app, ana, bea, text)).statusCode).toBe(201);
    await settle();
    const later = device.received.slice(1);
    // The four normally share one window; a window that closed between two sends adds one update, never more.
    expect(later.length).toBeGreaterThanOrEqual(1);
    expect(later.length).toBeLessThanOrEqual(2);
    expect(later.at(-1)).toMatchObject({ body: '5 new messages from Ana Lima', tag: `message:${ana.user._id}` });
    expect(service.rejected).toEqual([]);
  });

  it('pushes to a device added after messages arrived without one, and stops once it is removed', async () => {
    windowMs(300);
    const { ana, bea } = await friends();
    expect((await sendChatMessage(t.app, ana, bea, 'before any device')).statusCode).toBe(201);
    await settle();
    const device = await subscribed(bea);
    expect((await sendChatMessage(t.app, ana, bea, 'now with a phone')).statusCode).toBe(201);
    await settle();
    // The first message is unread too, so the push counts both.
    expect(device.received).toMatchObject([{ type: 'message', body: '2 new messages from Ana Lima' }]);

    const off = await as(t.app, bea)({ method: 'DELETE', url: '/push/subscriptions', payload: { endpoint: device.subscription.endpoint } });
    expect(off.statusCode).toBe(200);
    expect((await sendChatMessage(t.app, ana, bea, 'after turning it off')).statusCode).toBe(201);
    await settle();
    expect(device.received).toHaveLength(1);
  });

  it("pushes a group's messages to members without Plaza open, one notification per group, and none for a muted group", async () => {
    windowMs(1500);
    const ana = await createUser(t.app, { fullName: 'Ana Lima' });
    const [bea, cid, dov] = [
      await createUser(t.app, { fullName: 'Bea Costa' }),
      await createUser(t.app, { fullName: 'Cid Moura' }),
      await createUser(t.app, { fullName: 'Dov Reis' }),
    ];
    for (const friend of [bea, cid, dov]) await befriend(t.app, ana, friend);
    const group = await createGroup(t.app, ana, [bea, cid, dov], 'Trip');
    const [toBea, toCid, toDov, toAna] = [await subscribed(bea), await subscribed(cid), await subscribed(dov), await subscribed(ana)];
    const mute = await as(t.app, cid)({ method: 'PUT', url: `/chats/groups/${group._id}/mute`, payload: { muted: true } });
    expect(mute.statusCode).toBe(200);
    const dovOnline = await connectAs(t.url, dov);
    const say = async (who: TestUser, messageText: string) =>
      expect(
        (await as(t.app, who)({ method: 'POST', url: `/chats/groups/${group._id}/messages`, payload: { messageText } })).statusCode,
      ).toBe(201);
    try {
      await sleep(100);
      await say(ana, 'Tickets booked');
      await settle();
      const tag = `group:${group._id}`;
      const url = `/chat/g/${group._id}`;
      expect(toBea.received).toEqual([{ type: 'group_message', title: 'Trip', body: 'Ana Lima: Tickets booked', url, tag }]);

      // Three more, two writers: one window, one push saying how many wait.
      await say(ana, 'Train at nine');
      await say(dov, 'Great');
      await say(ana, 'Bring snacks');
      await settle();
      const later = toBea.received.slice(1);
      expect(later.length).toBeGreaterThanOrEqual(1);
      expect(later.length).toBeLessThanOrEqual(2);
      expect(later.at(-1)).toMatchObject({ type: 'group_message', title: 'Trip', body: '4 new messages', tag });
      // Muted or online: nothing. Ana hears of Dov's message only, never of her own.
      expect(toCid.received).toEqual([]);
      expect(toDov.received).toEqual([]);
      expect(toAna.received).toEqual([{ type: 'group_message', title: 'Trip', body: 'Dov Reis: Great', url, tag }]);
      // Nor for a line the server wrote.
      const pushed = toBea.received.length;
      expect((await as(t.app, ana)({ method: 'PATCH', url: `/chats/groups/${group._id}`, payload: { name: 'Holiday' } })).statusCode).toBe(
        200,
      );
      await settle();
      expect(toBea.received).toHaveLength(pushed);
      expect(service.rejected).toEqual([]);
    } finally {
      dovOnline.close();
    }
  });

  it('hides what was said when the person asks for it, and pushes nothing while they have Plaza open', async () => {
    windowMs(300);
    const { ana, bea } = await friends();
    const device = await subscribed(bea);
    const put = (changes: Partial<NotificationPreferences>) => changePreferences(bea, changes);
    expect((await put({ hidePreviews: true })).statusCode).toBe(200);
    await sendChatMessage(t.app, ana, bea, 'My secret plan');
    await settle();
    expect(device.received.map((p) => p.body)).toEqual(['New message from Ana Lima']);
    expect((await as(t.app, bea)({ method: 'POST', url: `/chats/${ana.user._id}/read` })).statusCode).toBe(200);

    const socket = await connectAs(t.url, bea);
    try {
      await sleep(100);
      await sendChatMessage(t.app, ana, bea, 'Seen live');
      await settle();
      expect(device.received).toHaveLength(1);
      // "Push even while Plaza is open" pushes anyway.
      expect((await put({ hidePreviews: false, pushWhileActive: true })).statusCode).toBe(200);
      await sendChatMessage(t.app, ana, bea, 'Pushed anyway');
      await settle();
      expect(device.received.at(-1)?.body).toMatch(/new messages from Ana Lima|Pushed anyway/);
      expect(device.received).toHaveLength(2);
    } finally {
      socket.close();
    }
  });

  it('follows the per-kind push switch and quiet hours', async () => {
    windowMs(300);
    const { ana, bea } = await friends();
    const device = await subscribed(bea);
    const base = await preferencesOf(bea);
    const put = (changes: Partial<NotificationPreferences>) => changePreferences(bea, changes);

    expect((await put({ kinds: { ...base.kinds, messages: { inApp: true, push: false, email: true } } })).statusCode).toBe(200);
    await sendChatMessage(t.app, ana, bea, 'not pushed');
    await settle();
    expect(device.received).toEqual([]);

    // Quiet from an hour ago to an hour from now, on the person's own clock.
    const hhmm = (ms: number) => new Date(ms).toISOString().slice(11, 16);
    const quiet = { start: hhmm(Date.now() - 3_600_000), end: hhmm(Date.now() + 3_600_000) };
    expect((await put({ kinds: base.kinds, quietHours: quiet, timeZone: 'UTC' })).statusCode).toBe(200);
    await sendChatMessage(t.app, ana, bea, 'quiet please');
    await settle();
    expect(device.received).toEqual([]);

    expect((await put({ quietHours: null })).statusCode).toBe(200);
    await sendChatMessage(t.app, ana, bea, 'now you hear me');
    await settle();
    expect(device.received.map((p) => p.type)).toEqual(['message']);
  });

  it('pushes friend requests, reactions and comments, tapping through to the right screen', async () => {
    windowMs(300);
    const [ana, bea] = [await createUser(t.app, { fullName: 'Ana Lima' }), await createUser(t.app, { fullName: 'Bea Costa' })];
    const device = await subscribed(bea);
    await connect(t.app, ana, 'send', bea);
    await settle();
    expect(device.received).toEqual([
      {
        type: 'friend_request',
        title: 'Friend request',
        body: 'Ana Lima sent you a friend request',
        url: `/network/u/profile/${bea.user.userName}/visited/${ana.user.userName}`,
        tag: expect.stringMatching(/^friend_request:/) as string,
      },
    ]);
    await connect(t.app, bea, 'accept', ana);
    const postId = await createPost(t.app, bea, 'My garden');
    await as(t.app, ana)({ method: 'PUT', url: `/posts/react/${postId}`, payload: { reactionType: 'heart' } });
    expect(
      (await as(t.app, ana)({ method: 'POST', url: `/comments/posts/${postId}/comments`, payload: { commentContent: 'Lovely roses' } }))
        .statusCode,
    ).toBe(201);
    await settle(300);
    expect(device.received.slice(1)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          type: 'post_reaction',
          body: 'Ana Lima reacted ❤️ to your post',
          url: '/feeds',
          tag: `post_reaction:${postId}`,
        }),
        expect.objectContaining({
          type: 'post_comment',
          title: 'Ana Lima commented on your post',
          body: 'Lovely roses',
          tag: `post_comment:${postId}`,
        }),
      ]),
    );
    expect(service.rejected).toEqual([]);
  });

  it('removes a subscription the push service says is gone (410)', async () => {
    windowMs(300);
    const { ana, bea } = await friends();
    const device = await subscribed(bea);
    device.mode = 'gone';
    await sendChatMessage(t.app, ana, bea, 'anyone?');
    await settle();
    await expect
      .poll(() => t.app.ctx.db.selectFrom('push_subscriptions').select('id').where('endpoint', '=', device.subscription.endpoint).execute())
      .toEqual([]);
  });

  it('never slows a request while the push service stalls', async () => {
    windowMs(200);
    const { ana, bea } = await friends();
    const device = await subscribed(bea);
    device.mode = 'stall';
    const before = service.hits();
    await sendChatMessage(t.app, ana, bea, 'first');
    // Not `settle()`: that waits for the stalled delivery itself.
    await expect.poll(() => service.hits(), { timeout: 5000 }).toBeGreaterThan(before);
    // The push service holds the delivery open: sending, reacting and befriending answer as quickly as ever.
    const timings: number[] = [];
    for (let i = 0; i < 5; i++) {
      const started = performance.now();
      expect((await sendChatMessage(t.app, ana, bea, `while stalled ${i}`)).statusCode).toBe(201);
      timings.push(performance.now() - started);
    }
    const started = performance.now();
    expect((await connect(t.app, await createUser(t.app), 'send', bea)).statusCode).toBe(200);
    timings.push(performance.now() - started);
    // The push service holds each delivery for the whole 10 s push timeout; a request waiting on it would take that long.
    expect(Math.max(...timings)).toBeLessThan(2000);
    // Still held open by the push service: the timings above were taken while it stalled.
    expect(device.received).toEqual([]);
    expect(service.stalledNow()).toBeGreaterThan(0);
    service.release();
  });
});

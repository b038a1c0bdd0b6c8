import { connectionChangeResponseSchema, connectionStatusResponseSchema, notificationsResponseSchema } from '@plaza/contract';
import { describe, expect, it } from 'vitest';
import { as, createUser, type TestUser } from '../../../test/factories';
import { dialects, useTestApp } from '../../../test/harness';
import { bodyOf, errorOf, type Reply } from '../../../test/replies';
import { pairOf } from './friendships';
import { befriend, connect, statusOf } from './testing';

describe.each(dialects())('friend requests on %s', (dialect) => {
  const t = useTestApp(dialect);

  const rowsBetween = async (a: TestUser, b: TestUser) => {
    const p = pairOf(a.user._id, b.user._id);
    return t.app.ctx.db
      .selectFrom('connections')
      .selectAll()
      .where('user_low', '=', p.user_low)
      .where('user_high', '=', p.user_high)
      .execute();
  };
  const notificationsOf = async (u: TestUser) =>
    bodyOf(await as(t.app, u)({ method: 'GET', url: '/users/notifications' }), notificationsResponseSchema).notifications;
  const changeOf = (res: Reply) => bodyOf(res, connectionChangeResponseSchema);

  it('sending a request gives request_sent to the sender and request_received to the other', async () => {
    const a = await createUser(t.app);
    const b = await createUser(t.app);
    expect(await statusOf(t.app, a, b)).toBe('not_connected');
    const res = await connect(t.app, a, 'send', b);
    expect(res.statusCode).toBe(200);
    expect(changeOf(res)).toEqual({ success: true, message: 'Friend request sent', targetUserId: b.user._id, status: 'request_sent' });
    expect(await statusOf(t.app, a, b)).toBe('request_sent');
    expect(await statusOf(t.app, b, a)).toBe('request_received');
    const status = await as(t.app, b)({ method: 'GET', url: `/users/follow/connection-status/${a.user._id}` });
    expect(bodyOf(status, connectionStatusResponseSchema)).toEqual({ success: true, targetUserId: a.user._id, status: 'request_received' });
  });

  it('repeating a send is idempotent: one row, one notification', async () => {
    const a = await createUser(t.app);
    const b = await createUser(t.app);
    await connect(t.app, a, 'send', b);
    const again = await connect(t.app, a, 'send', b);
    expect(again.statusCode).toBe(200);
    expect(changeOf(again).status).toBe('request_sent');
    expect(await rowsBetween(a, b)).toHaveLength(1);
    expect(await notificationsOf(b)).toHaveLength(1);
  });

  it('accepting makes both friends and tells the requester, never the one who accepted', async () => {
    const a = await createUser(t.app, { fullName: 'Ada Lovelace' });
    const b = await createUser(t.app, { fullName: 'Charles Babbage' });
    await connect(t.app, a, 'send', b);
    const res = await connect(t.app, b, 'accept', a);
    expect(changeOf(res)).toEqual({ success: true, message: 'Friend request accepted', targetUserId: a.user._id, status: 'friends' });
    expect([await statusOf(t.app, a, b), await statusOf(t.app, b, a)]).toEqual(['friends', 'friends']);
    const toA = await notificationsOf(a);
    expect(toA).toHaveLength(1);
    expect(toA[0]).toMatchObject({
      type: 'friend_accept',
      text: 'Charles Babbage accepted your friend request',
      actor: { _id: b.user._id },
    });
    const toB = await notificationsOf(b);
    expect(toB).toHaveLength(1);
    expect(toB[0]).toMatchObject({ type: 'friend_request', text: 'Ada Lovelace sent you a friend request', actor: { _id: a.user._id } });
  });

  it('sending to someone who already asked you makes you friends', async () => {
    const a = await createUser(t.app);
    const b = await createUser(t.app);
    await connect(t.app, a, 'send', b);
    const res = await connect(t.app, b, 'send', a);
    expect(changeOf(res)).toMatchObject({ status: 'friends', message: 'You are now friends' });
    expect(await statusOf(t.app, a, b)).toBe('friends');
    expect((await notificationsOf(a)).map((n) => n.type)).toEqual(['friend_accept']);
    const again = await connect(t.app, a, 'send', b);
    expect(changeOf(again)).toMatchObject({ status: 'friends', message: 'You are already friends' });
    expect(await rowsBetween(a, b)).toHaveLength(1);
  });

  it('declining returns both to not_connected without notifying anyone', async () => {
    const a = await createUser(t.app);
    const b = await createUser(t.app);
    await connect(t.app, a, 'send', b);
    const res = await connect(t.app, b, 'decline', a);
    expect(changeOf(res)).toEqual({ success: true, message: 'Friend request declined', targetUserId: a.user._id, status: 'not_connected' });
    expect([await statusOf(t.app, a, b), await statusOf(t.app, b, a)]).toEqual(['not_connected', 'not_connected']);
    expect(await rowsBetween(a, b)).toHaveLength(0);
    expect(await notificationsOf(a)).toHaveLength(0);
    // Declined is not blocked: the sender may ask again.
    expect(changeOf(await connect(t.app, a, 'send', b)).status).toBe('request_sent');
  });

  it('cancelling a sent request returns both to not_connected', async () => {
    const a = await createUser(t.app);
    const b = await createUser(t.app);
    await connect(t.app, a, 'send', b);
    expect(await notificationsOf(b)).toHaveLength(1);
    const res = await connect(t.app, a, 'cancel', b);
    expect(changeOf(res)).toEqual({
      success: true,
      message: 'Friend request cancelled',
      targetUserId: b.user._id,
      status: 'not_connected',
    });
    expect([await statusOf(t.app, a, b), await statusOf(t.app, b, a)]).toEqual(['not_connected', 'not_connected']);
    expect(await notificationsOf(a)).toHaveLength(0);
    // The withdrawn request leaves the other user's notifications too.
    expect(await notificationsOf(b)).toHaveLength(0);
  });

  it('removing a friend returns both to not_connected', async () => {
    const a = await createUser(t.app);
    const b = await createUser(t.app);
    await befriend(t.app, a, b);
    const res = await connect(t.app, b, 'remove', a);
    expect(changeOf(res)).toEqual({ success: true, message: 'Friend removed', targetUserId: a.user._id, status: 'not_connected' });
    expect([await statusOf(t.app, a, b), await statusOf(t.app, b, a)]).toEqual(['not_connected', 'not_connected']);
    expect(await rowsBetween(a, b)).toHaveLength(0);
  });

  it('answers 409 to accept, decline, cancel or remove without the matching state, and changes nothing', async () => {
    const a = await createUser(t.app);
    const b = await createUser(t.app);
    for (const action of ['accept', 'decline', 'cancel', 'remove'] as const) {
      const res = await connect(t.app, a, action, b);
      expect(res.statusCode, action).toBe(409);
      expect(errorOf(res)).toMatchObject({ success: false, error: 'Conflict' });
    }
    await connect(t.app, a, 'send', b);
    // The sender cannot accept or decline their own request; the receiver cannot cancel it; nobody can remove it.
    for (const [who, other, action] of [
      [a, b, 'accept'],
      [a, b, 'decline'],
      [b, a, 'cancel'],
      [a, b, 'remove'],
      [b, a, 'remove'],
    ] as const) {
      expect((await connect(t.app, who, action, other)).statusCode, `${action}`).toBe(409);
    }
    expect(await statusOf(t.app, a, b)).toBe('request_sent');
    await connect(t.app, b, 'accept', a);
    for (const [who, other, action] of [
      [a, b, 'accept'],
      [b, a, 'decline'],
      [a, b, 'cancel'],
    ] as const) {
      expect((await connect(t.app, who, action, other)).statusCode, `${action} between friends`).toBe(409);
    }
    expect(await statusOf(t.app, a, b)).toBe('friends');
  });

  it('answers 400 for oneself, an unknown action or a missing target, and 404 for an unknown user', async () => {
    const a = await createUser(t.app);
    const b = await createUser(t.app);
    const self = await connect(t.app, a, 'send', a);
    expect(self.statusCode).toBe(400);
    expect(errorOf(self)).toMatchObject({ success: false, details: [{ path: 'targetUserId' }] });
    expect((await as(t.app, a)({ method: 'GET', url: `/users/follow/connection-status/${a.user._id}` })).statusCode).toBe(400);

    const follow = await as(
      t.app,
      a,
    )({ method: 'POST', url: '/users/follow/friend-request/follow', payload: { targetUserId: b.user._id } });
    expect(follow.statusCode).toBe(400);
    expect(errorOf(follow).success).toBe(false);
    expect((await as(t.app, a)({ method: 'POST', url: '/users/follow/friend-request/send', payload: {} })).statusCode).toBe(400);

    const ghost = '01900000-0000-7000-8000-000000000000';
    for (const action of ['send', 'accept', 'decline', 'cancel', 'remove'] as const) {
      expect((await connect(t.app, a, action, ghost)).statusCode, action).toBe(404);
    }
    expect((await as(t.app, a)({ method: 'GET', url: `/users/follow/connection-status/${ghost}` })).statusCode).toBe(404);
    expect(await statusOf(t.app, a, b)).toBe('not_connected');
  });

  it('refuses every connection call without a token', async () => {
    const b = await createUser(t.app);
    const res = await as(t.app, null)({ method: 'POST', url: '/users/follow/friend-request/send', payload: { targetUserId: b.user._id } });
    expect(res.statusCode).toBe(401);
    expect((await as(t.app, null)({ method: 'GET', url: `/users/follow/connection-status/${b.user._id}` })).statusCode).toBe(401);
  });

  it('two simultaneous requests from both sides end as friends with exactly one row', async () => {
    for (let round = 0; round < 5; round++) {
      const a = await createUser(t.app);
      const b = await createUser(t.app);
      const [ra, rb] = await Promise.all([connect(t.app, a, 'send', b), connect(t.app, b, 'send', a)]);
      expect([ra.statusCode, rb.statusCode]).toEqual([200, 200]);
      expect([changeOf(ra).status, changeOf(rb).status].sort()).toEqual(['friends', 'request_sent']);
      const rows = await rowsBetween(a, b);
      expect(rows).toHaveLength(1);
      expect(rows[0].status).toBe('accepted');
      expect([await statusOf(t.app, a, b), await statusOf(t.app, b, a)]).toEqual(['friends', 'friends']);
    }
  });

  it('many simultaneous sends in one direction leave one request and one notification', async () => {
    const a = await createUser(t.app);
    const b = await createUser(t.app);
    const results = await Promise.all(Array.from({ length: 6 }, () => connect(t.app, a, 'send', b)));
    expect(results.map((r) => changeOf(r).status)).toEqual(Array(6).fill('request_sent'));
    expect(await rowsBetween(a, b)).toHaveLength(1);
    expect(await notificationsOf(b)).toHaveLength(1);
  });
});

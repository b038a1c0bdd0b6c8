import {
  friendRequestsResponseSchema,
  networkResponseSchema,
  notificationsResponseSchema,
  type ConnectionUpdateEvent,
} from '@plaza/contract';
import { describe, expect, it } from 'vitest';
import { as, createUser, type TestUser } from '../../../test/factories';
import { dialects, useTestApp } from '../../../test/harness';
import { bodyOf } from '../../../test/replies';
import { collect, connectAs } from '../chat/testing';
import { connect } from './testing';

describe.each(dialects())('friend request lists and live updates on %s', (dialect) => {
  const t = useTestApp(dialect, {}, { listen: true });
  const requestsOf = async (who: TestUser, query: string) => {
    const res = await as(t.app, who)({ method: 'GET', url: `/users/follow/requests${query}` });
    expect(res.statusCode).toBe(200);
    return bodyOf(res, friendRequestsResponseSchema);
  };
  const notificationsOf = async (u: TestUser) =>
    bodyOf(await as(t.app, u)({ method: 'GET', url: '/users/notifications' }), notificationsResponseSchema);

  it('lists received and sent requests newest first, paged, with when they were sent', async () => {
    const me = await createUser(t.app);
    const senders = [await createUser(t.app), await createUser(t.app), await createUser(t.app)];
    for (const s of senders) await connect(t.app, s, 'send', me);
    const target = await createUser(t.app);
    await connect(t.app, me, 'send', target);

    const received = await requestsOf(me, '?direction=received&limit=2');
    expect(received.data.map((u) => u._id)).toEqual([senders[2].user._id, senders[1].user._id]);
    expect(received.pagination).toMatchObject({ currentPage: 1, total: 3, totalPages: 2, hasMore: true });
    expect(received.data[0]).not.toHaveProperty('email');
    expect(Date.parse(received.data[0].requestedAt)).not.toBeNaN();
    const page2 = await requestsOf(me, '?direction=received&limit=2&page=2');
    expect(page2.data.map((u) => u._id)).toEqual([senders[0].user._id]);
    // Received is the default direction.
    expect((await requestsOf(me, '')).pagination.total).toBe(3);

    const sent = await requestsOf(me, '?direction=sent');
    expect(sent.data.map((u) => u._id)).toEqual([target.user._id]);
    expect((await requestsOf(target, '?direction=received')).data.map((u) => u._id)).toEqual([me.user._id]);

    // Answered requests leave the lists; friendships are not requests.
    await connect(t.app, me, 'accept', senders[0]);
    await connect(t.app, me, 'decline', senders[1]);
    expect((await requestsOf(me, '?direction=received')).data.map((u) => u._id)).toEqual([senders[2].user._id]);
  });

  it('lists only friends in the network with connection=friends, searchable and paged', async () => {
    const me = await createUser(t.app, { fullName: 'Nora Network' });
    const [f1, f2, stranger] = [
      await createUser(t.app, { fullName: 'Alma Friend' }),
      await createUser(t.app, { fullName: 'Bruno Friend' }),
      await createUser(t.app),
    ];
    for (const f of [f1, f2]) {
      await connect(t.app, me, 'send', f);
      await connect(t.app, f, 'accept', me);
    }
    await connect(t.app, stranger, 'send', me);
    const res = await as(t.app, me)({ method: 'GET', url: '/users/network?connection=friends&limit=1' });
    expect(res.statusCode).toBe(200);
    const body = bodyOf(res, networkResponseSchema);
    expect(body.data).toEqual([expect.objectContaining({ _id: f1.user._id, connectionStatus: 'friends' })]);
    expect(body.pagination).toMatchObject({ totalUsers: 2, hasMore: true });
    const searched = bodyOf(
      await as(t.app, me)({ method: 'GET', url: '/users/network?connection=friends&search=bruno' }),
      networkResponseSchema,
    );
    expect(searched.data.map((u) => u._id)).toEqual([f2.user._id]);
    expect((await as(t.app, me)({ method: 'GET', url: '/users/network?connection=strangers' })).statusCode).toBe(400);
  });

  it('refuses an unknown direction or a bad page with 400, and strangers with 401', async () => {
    const me = await createUser(t.app);
    for (const q of ['?direction=both', '?page=0', '?limit=51']) {
      expect((await as(t.app, me)({ method: 'GET', url: `/users/follow/requests${q}` })).statusCode).toBe(400);
    }
    expect((await as(t.app, null)({ method: 'GET', url: '/users/follow/requests' })).statusCode).toBe(401);
  });

  it('accepting or declining a request marks its notification read', async () => {
    const me = await createUser(t.app);
    const [a, b] = [await createUser(t.app), await createUser(t.app)];
    await connect(t.app, a, 'send', me);
    await connect(t.app, b, 'send', me);
    expect((await notificationsOf(me)).unreadCount).toBe(2);
    await connect(t.app, me, 'accept', a);
    const afterAccept = await notificationsOf(me);
    expect(afterAccept.unreadCount).toBe(1);
    expect(afterAccept.notifications.find((n) => n.actor._id === a.user._id)).toMatchObject({ type: 'friend_request', read: true });
    await connect(t.app, me, 'decline', b);
    expect((await notificationsOf(me)).unreadCount).toBe(0);
  });

  it('pushes connectionUpdate to the other person for send, accept, cancel, decline and remove', async () => {
    const a = await createUser(t.app);
    const b = await createUser(t.app);
    const socketB = await connectAs(t.url, b);
    const socketA = await connectAs(t.url, a);
    const toB: ConnectionUpdateEvent[] = collect(socketB, 'connectionUpdate');
    const toA: ConnectionUpdateEvent[] = collect(socketA, 'connectionUpdate');
    try {
      await connect(t.app, a, 'send', b);
      await connect(t.app, a, 'cancel', b);
      await connect(t.app, a, 'send', b);
      await connect(t.app, b, 'decline', a);
      await connect(t.app, a, 'send', b);
      await connect(t.app, b, 'accept', a);
      await connect(t.app, b, 'remove', a);
      const fromA = (status: string) => ({ userId: a.user._id, status });
      const fromB = (status: string) => ({ userId: b.user._id, status });
      await expect.poll(() => toB.length).toBe(4);
      await expect.poll(() => toA.length).toBe(3);
      // Send, cancel and send again by A; B's decline, accept and remove reach A.
      expect(toB).toEqual([fromA('request_received'), fromA('not_connected'), fromA('request_received'), fromA('request_received')]);
      expect(toA).toEqual([fromB('not_connected'), fromB('friends'), fromB('not_connected')]);
    } finally {
      socketA.close();
      socketB.close();
    }
  });
});

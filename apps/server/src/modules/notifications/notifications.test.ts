import { notificationReadResponseSchema, notificationsClearedResponseSchema, notificationsResponseSchema } from '@plaza/contract';
import { describe, expect, it } from 'vitest';
import { as, createUser, type TestUser } from '../../../test/factories';
import { dialects, useTestApp } from '../../../test/harness';
import { bodyOf } from '../../../test/replies';
import { connect } from '../people/testing';
import { createPost } from '../posts/testing';

describe.each(dialects())('notifications on %s', (dialect) => {
  const t = useTestApp(dialect);
  const list = async (who: TestUser, query = '') => {
    const res = await as(t.app, who)({ method: 'GET', url: `/users/notifications${query}` });
    expect(res.statusCode).toBe(200);
    return bodyOf(res, notificationsResponseSchema);
  };

  it('lists your notifications newest first, with the actor, the unread count and pages', async () => {
    const me = await createUser(t.app);
    const senders = [
      await createUser(t.app, { fullName: 'First Sender' }),
      await createUser(t.app, { fullName: 'Second Sender' }),
      await createUser(t.app, { fullName: 'Third Sender' }),
    ];
    for (const s of senders) await connect(t.app, s, 'send', me);

    const body = await list(me);
    expect(body.unreadCount).toBe(3);
    expect(body.notifications.map((n) => n.text)).toEqual([
      'Third Sender sent you a friend request',
      'Second Sender sent you a friend request',
      'First Sender sent you a friend request',
    ]);
    expect(body.notifications[0]).toMatchObject({
      type: 'friend_request',
      read: false,
      actor: { _id: senders[2].user._id, fullName: 'Third Sender' },
    });
    expect(body.notifications[0].actor).not.toHaveProperty('email');
    expect(body.pagination).toEqual({ currentPage: 1, limit: 20, total: 3, totalPages: 1, hasMore: false });

    const page2 = await list(me, '?page=2&limit=2');
    expect(page2.notifications.map((n) => n.actor._id)).toEqual([senders[0].user._id]);
    expect(page2.pagination).toMatchObject({ currentPage: 2, totalPages: 2, hasMore: false });
  });

  it('writes each line in its recipient’s language, as it was when it was stored', async () => {
    const sofia = await createUser(t.app, { fullName: 'Sofía Ruiz' });
    const layla = await createUser(t.app, { fullName: 'Layla Haddad' });
    const ana = await createUser(t.app, { fullName: 'Ana Torres' });
    for (const [who, language] of [
      [sofia, 'es'],
      [layla, 'ar'],
    ] as const)
      expect((await as(t.app, who)({ method: 'PATCH', url: '/users/me', payload: { language } })).statusCode).toBe(200);
    await connect(t.app, ana, 'send', sofia);
    await connect(t.app, ana, 'send', layla);
    await connect(t.app, sofia, 'accept', ana);
    expect((await list(sofia)).notifications.map((n) => n.text)).toEqual(['Ana Torres te envió una solicitud de amistad']);
    expect((await list(layla)).notifications.map((n) => n.text)).toEqual(['أرسل إليك Ana Torres طلب صداقة']);
    // Ana reads English, the language every account starts with.
    expect((await list(ana)).notifications.map((n) => n.text)).toEqual(['Sofía Ruiz accepted your friend request']);
  });

  it('reads the lines it can write again in the reader’s language now; a comment’s keeps the one it was written in', async () => {
    const sofia = await createUser(t.app, { fullName: 'Sofía Ruiz' });
    const ana = await createUser(t.app, { fullName: 'Ana Torres' });
    await connect(t.app, ana, 'send', sofia);
    await connect(t.app, sofia, 'accept', ana);
    await t.app.ctx.events.settled();
    const postId = await createPost(t.app, sofia);
    expect((await as(t.app, ana)({ method: 'PUT', url: `/posts/react/${postId}`, payload: { reactionType: 'fire' } })).statusCode).toBe(
      200,
    );
    const comment = { commentContent: 'Qué bonito' };
    expect((await as(t.app, ana)({ method: 'POST', url: `/comments/posts/${postId}/comments`, payload: comment })).statusCode).toBe(201);
    await t.app.ctx.events.settled();
    const english = [
      'Ana Torres commented on your post: “Qué bonito”',
      'Ana Torres reacted 🔥 to your post',
      'Ana Torres sent you a friend request',
    ];
    expect((await list(sofia)).notifications.map((n) => n.text)).toEqual(english);

    expect((await as(t.app, sofia)({ method: 'PATCH', url: '/users/me', payload: { language: 'es' } })).statusCode).toBe(200);
    expect((await list(sofia)).notifications.map((n) => n.text)).toEqual([
      // The excerpt lives only in the stored line, which was written in English.
      english[0],
      'Ana Torres reaccionó con 🔥 a tu publicación',
      'Ana Torres te envió una solicitud de amistad',
    ]);
  });

  it('never notifies anyone of their own action', async () => {
    const a = await createUser(t.app);
    const b = await createUser(t.app);
    await connect(t.app, a, 'send', b);
    await connect(t.app, b, 'accept', a);
    await connect(t.app, a, 'remove', b);
    expect((await list(a)).notifications.map((n) => n.type)).toEqual(['friend_accept']);
    expect((await list(b)).notifications.map((n) => n.type)).toEqual(['friend_request']);
    // Even an event naming someone as the actor on their own post tells them nothing.
    t.app.ctx.events.publish('reactionAdded', { postId: 'self', postAuthorId: a.user._id, actorId: a.user._id, kind: 'heart' });
    await t.app.ctx.events.settled();
    expect((await list(a)).notifications).toHaveLength(1);
  });

  it('marks one of your notifications read; someone else’s or an unknown one is 404', async () => {
    const me = await createUser(t.app);
    const other = await createUser(t.app);
    await connect(t.app, other, 'send', me);
    const [n] = (await list(me)).notifications;
    const stranger = await as(t.app, other)({ method: 'PUT', url: `/users/notifications/${n._id}/read` });
    expect(stranger.statusCode).toBe(404);
    expect((await list(me)).notifications[0].read).toBe(false);

    const res = await as(t.app, me)({ method: 'PUT', url: `/users/notifications/${n._id}/read` });
    expect(res.statusCode).toBe(200);
    expect(bodyOf(res, notificationReadResponseSchema)).toEqual({ success: true, _id: n._id, read: true });
    const after = await list(me);
    expect(after.notifications[0].read).toBe(true);
    expect(after.unreadCount).toBe(0);
    expect((await as(t.app, me)({ method: 'PUT', url: `/users/notifications/${n._id}/read` })).statusCode).toBe(200);
    expect((await as(t.app, me)({ method: 'PUT', url: '/users/notifications/01900000-0000-7000-8000-000000000000/read' })).statusCode).toBe(
      404,
    );
  });

  it('clears only your own notifications', async () => {
    const me = await createUser(t.app);
    const other = await createUser(t.app);
    const third = await createUser(t.app);
    await connect(t.app, other, 'send', me);
    await connect(t.app, third, 'send', me);
    await connect(t.app, me, 'send', other); // turns into a friendship: notifies `other`
    const clear = async () =>
      bodyOf(await as(t.app, me)({ method: 'DELETE', url: '/users/notifications/clear' }), notificationsClearedResponseSchema);
    expect(await clear()).toEqual({ success: true, deleted: 2 });
    expect((await list(me)).notifications).toEqual([]);
    expect((await list(me)).unreadCount).toBe(0);
    expect((await list(other)).notifications).toHaveLength(1);
    expect(await clear()).toEqual({ success: true, deleted: 0 });
  });

  it('refuses without a token and answers 400 for a bad page', async () => {
    expect((await as(t.app, null)({ method: 'GET', url: '/users/notifications' })).statusCode).toBe(401);
    const me = await createUser(t.app);
    expect((await as(t.app, me)({ method: 'GET', url: '/users/notifications?limit=500' })).statusCode).toBe(400);
  });

  // Events can be handled out of order (a retry, two processes): a reaction handled after its post's
  // deletion must not leave a notification about a post nobody can open.
  it('tells nobody about a reaction or comment on a post deleted before the event was handled', async () => {
    const [author, fan] = [await createUser(t.app), await createUser(t.app)];
    const gone = '01a20000-0000-7000-8000-000000000001';
    await t.app.ctx.db.transaction().execute(async (trx) => {
      await t.app.ctx.events.record(trx, 'reactionAdded', {
        postId: gone,
        postAuthorId: author.user._id,
        actorId: fan.user._id,
        kind: 'heart',
      });
      await t.app.ctx.events.record(trx, 'commentAdded', {
        commentId: '01a20000-0000-7000-8000-000000000002',
        postId: gone,
        postAuthorId: author.user._id,
        authorId: fan.user._id,
        content: 'late',
      });
    });
    await t.app.ctx.events.settled();
    const inbox = bodyOf(await as(t.app, author)({ method: 'GET', url: '/users/notifications' }), notificationsResponseSchema);
    expect(inbox.notifications).toEqual([]);
  });
});

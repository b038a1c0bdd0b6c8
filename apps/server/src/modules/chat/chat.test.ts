import { chatHistoryResponseSchema, conversationsResponseSchema, markReadResponseSchema, messageSchema, pairRoom } from '@plaza/contract';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { as, createUser, sendChatMessage, type TestUser } from '../../../test/factories';
import { dialects, useTestApp } from '../../../test/harness';
import { anyString } from '../../../test/matchers';
import { bodyOf, errorOf, type Reply } from '../../../test/replies';

describe.each(dialects())('chat over HTTP on %s', (dialect) => {
  const t = useTestApp(dialect);
  const send = (from: TestUser, to: TestUser, messageContent: string, extra: Record<string, unknown> = {}) =>
    sendChatMessage(t.app, from, to, messageContent, extra);
  const messageOf = (res: Reply) => bodyOf(res, messageSchema);
  const rowsBetween = async (a: TestUser, b: TestUser) =>
    t.app.ctx.db.selectFrom('messages').selectAll().where('pair_key', '=', pairRoom(a.user._id, b.user._id)).execute();

  it('stores a message and answers 201 with the Message object', async () => {
    const [a, b] = [await createUser(t.app), await createUser(t.app)];
    const res = await send(a, b, '  Hello there  ', { clientMessageId: 'c-1' });
    expect(res.statusCode).toBe(201);
    const m = messageOf(res);
    expect(m).toMatchObject({
      clientMessageId: 'c-1',
      messageSender: a.user._id,
      messageReceiver: b.user._id,
      messageText: 'Hello there',
      readAt: null,
    });
    expect(await rowsBetween(a, b)).toHaveLength(1);
  });

  it('returns the original for a repeated clientMessageId, sequential or racing, and stores one row', async () => {
    const [a, b] = [await createUser(t.app), await createUser(t.app)];
    const first = await send(a, b, 'once', { clientMessageId: 'retry-me' });
    const again = await send(a, b, 'once', { clientMessageId: 'retry-me' });
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(200);
    expect(messageOf(again)._id).toBe(messageOf(first)._id);
    const racing = await Promise.all([1, 2, 3].map(() => send(a, b, 'race', { clientMessageId: 'race-id' })));
    expect(new Set(racing.map((r) => messageOf(r)._id)).size).toBe(1);
    expect(racing.map((r) => r.statusCode).sort()).toEqual([200, 200, 201]);
    expect(await rowsBetween(a, b)).toHaveLength(2);
    // Another sender may use the same client id: ids are per sender.
    expect((await send(b, a, 'mine', { clientMessageId: 'retry-me' })).statusCode).toBe(201);
  });

  it('refuses a clientMessageId already used in another conversation (400), never showing that message to this receiver', async () => {
    const [a, b, c] = [await createUser(t.app), await createUser(t.app), await createUser(t.app)];
    expect((await send(a, b, 'only for b', { clientMessageId: 'used-once' })).statusCode).toBe(201);
    const announced: string[] = [];
    const stop = t.app.ctx.events.subscribe('messageStored', ({ room }) => void announced.push(room));
    try {
      const reused = await send(a, c, 'for c', { clientMessageId: 'used-once' });
      expect(reused.statusCode).toBe(400);
      expect(errorOf(reused).details).toEqual([{ path: 'clientMessageId', message: 'Already used' }]);
      expect(reused.body).not.toContain('only for b');
    } finally {
      stop();
    }
    expect(announced).toEqual([]);
    expect(await rowsBetween(a, c)).toHaveLength(0);
  });

  it('stores every one of many simultaneous sends, and each conversation ends at its newest message', async () => {
    const people = await Promise.all([1, 2, 3, 4].map(() => createUser(t.app)));
    const [a, b, c, d] = people;
    const sends = [
      ...[1, 2, 3, 4, 5].map((i) => send(a, b, `ab${i}`)),
      ...[1, 2, 3, 4, 5].map((i) => send(c, d, `cd${i}`)),
      ...[1, 2, 3].map((i) => send(b, c, `bc${i}`)),
    ];
    const results = await Promise.all(sends);
    expect(results.map((r) => r.statusCode)).toEqual(results.map(() => 201));
    expect(new Set(results.map((r) => messageOf(r)._id)).size).toBe(13);
    expect(await rowsBetween(a, b)).toHaveLength(5);
    const newest = (list: typeof results) => list.map(messageOf).sort((x, y) => (x._id < y._id ? 1 : -1))[0];
    const convs = bodyOf(await as(t.app, b)({ method: 'GET', url: '/chats/conversations' }), conversationsResponseSchema).data;
    const byUser = new Map(convs.map((cv) => [cv.user._id, cv.lastMessage._id]));
    expect(byUser.get(a.user._id)).toBe(newest(results.slice(0, 5))._id);
    expect(byUser.get(c.user._id)).toBe(newest(results.slice(10))._id);
  });

  it('refuses a sender name that is not the caller (403), an unknown receiver (404) and oneself (400)', async () => {
    const [a, b, c] = [await createUser(t.app), await createUser(t.app), await createUser(t.app)];
    const forged = await as(
      t.app,
      a,
    )({
      method: 'POST',
      url: '/chats/send',
      payload: { messageSenderUsername: c.user.userName, messageReceiverUsername: b.user.userName, messageContent: 'as someone else' },
    });
    expect(forged.statusCode).toBe(403);
    const unknown = await as(
      t.app,
      a,
    )({
      method: 'POST',
      url: '/chats/send',
      payload: { messageSenderUsername: a.user.userName, messageReceiverUsername: 'nobody_by_that_name', messageContent: 'hello?' },
    });
    expect(unknown.statusCode).toBe(404);
    expect((await send(a, a, 'note to self')).statusCode).toBe(400);
    expect((await as(t.app, null)({ method: 'POST', url: '/chats/send', payload: {} })).statusCode).toBe(401);
    expect(await rowsBetween(a, b)).toHaveLength(0);
  });

  it('accepts 1,000 characters and refuses 1,001 or a blank text with 400', async () => {
    const [a, b] = [await createUser(t.app), await createUser(t.app)];
    expect((await send(a, b, 'x'.repeat(1000))).statusCode).toBe(201);
    const long = await send(a, b, 'x'.repeat(1001));
    expect(long.statusCode).toBe(400);
    expect(errorOf(long).details?.map((d) => d.path)).toContain('messageContent');
    expect((await send(a, b, ' \n\t ')).statusCode).toBe(400);
    expect(await rowsBetween(a, b)).toHaveLength(1);
  });

  it('lets only the two people read their history (403 for a third)', async () => {
    const [a, b, c] = [await createUser(t.app), await createUser(t.app), await createUser(t.app)];
    await send(a, b, 'private');
    const third = await as(t.app, c)({ method: 'GET', url: `/chats/${a.user._id}/${b.user._id}` });
    expect(third.statusCode).toBe(403);
    const mine = bodyOf(await as(t.app, b)({ method: 'GET', url: `/chats/${b.user._id}/${a.user._id}` }), chatHistoryResponseSchema);
    expect(mine.map((m) => m.messageText)).toEqual(['private']);
    const swapped = await as(t.app, b)({ method: 'GET', url: `/chats/${a.user._id}/${b.user._id}` });
    expect(bodyOf(swapped, chatHistoryResponseSchema)).toEqual(mine);
  });

  it('pages history back with `before`, oldest first within a page', async () => {
    const [a, b] = [await createUser(t.app), await createUser(t.app)];
    const ids: string[] = [];
    for (let i = 1; i <= 10; i++) ids.push(messageOf(await send(i % 2 ? a : b, i % 2 ? b : a, `m${i}`))._id);
    const request = (q: string) => as(t.app, a)({ method: 'GET', url: `/chats/${a.user._id}/${b.user._id}${q}` });
    const page = async (q: string) => bodyOf(await request(q), chatHistoryResponseSchema);
    const texts = (messages: Array<{ messageText: string }>) => messages.map((m) => m.messageText);
    const all = await page('');
    expect(texts(all)).toEqual(ids.map((_, i) => `m${i + 1}`));
    const latest = await page('?limit=4');
    expect(texts(latest)).toEqual(['m7', 'm8', 'm9', 'm10']);
    const older = await page(`?limit=4&before=${latest[0]._id}`);
    expect(texts(older)).toEqual(['m3', 'm4', 'm5', 'm6']);
    const oldest = await page(`?limit=4&before=${older[0]._id}`);
    expect(texts(oldest)).toEqual(['m1', 'm2']);
    expect((await request('?limit=101')).statusCode).toBe(400);
  });

  it('catches up with `after`: the messages after one, oldest first, a page at a time', async () => {
    const [a, b] = [await createUser(t.app), await createUser(t.app)];
    const ids: string[] = [];
    for (let i = 1; i <= 7; i++) ids.push(messageOf(await send(i % 2 ? a : b, i % 2 ? b : a, `n${i}`))._id);
    const request = (q: string) => as(t.app, b)({ method: 'GET', url: `/chats/${b.user._id}/${a.user._id}${q}` });
    const page = async (q: string) => bodyOf(await request(q), chatHistoryResponseSchema).map((m) => m.messageText);
    expect(await page(`?after=${ids[1]}&limit=3`)).toEqual(['n3', 'n4', 'n5']);
    expect(await page(`?after=${ids[4]}&limit=3`)).toEqual(['n6', 'n7']);
    expect(await page(`?after=${ids[6]}`)).toEqual([]);
    expect((await request(`?after=${ids[1]}&before=${ids[5]}`)).statusCode).toBe(400);
  });

  it('lists conversations by last activity with unread counts, and marking read clears them', async () => {
    const [me, x, y] = [await createUser(t.app), await createUser(t.app), await createUser(t.app)];
    await send(x, me, 'x1');
    await send(x, me, 'x2');
    await send(y, me, 'y1');
    await send(me, y, 'reply to y');
    const listOf = async (who: TestUser) =>
      bodyOf(await as(t.app, who)({ method: 'GET', url: '/chats/conversations' }), conversationsResponseSchema);
    const list = () => listOf(me);
    const before = await list();
    expect(before.success).toBe(true);
    expect(before.data.map((c) => c.user._id)).toEqual([y.user._id, x.user._id]);
    expect(before.data.map((c) => c.unreadCount)).toEqual([1, 2]);
    expect(before.data[0].lastMessage.messageText).toBe('reply to y');
    expect(before.data[1].user).not.toHaveProperty('email');

    const read = await as(t.app, me)({ method: 'POST', url: `/chats/${x.user._id}/read` });
    expect(read.statusCode).toBe(200);
    const marked = bodyOf(read, markReadResponseSchema);
    expect(marked).toEqual({ success: true, readAt: anyString() });
    const after = await list();
    expect(after.data.map((c) => c.unreadCount)).toEqual([1, 0]);
    const history = bodyOf(await as(t.app, me)({ method: 'GET', url: `/chats/${me.user._id}/${x.user._id}` }), chatHistoryResponseSchema);
    expect(history.every((m) => m.readAt === marked.readAt)).toBe(true);
    // The other side's list is unaffected by my reading.
    const theirs = await listOf(x);
    expect(theirs.data).toHaveLength(1);
    expect(theirs.data[0]).toMatchObject({ user: { _id: me.user._id }, unreadCount: 0 });

    expect((await as(t.app, me)({ method: 'POST', url: `/chats/${me.user._id}/read` })).statusCode).toBe(400);
    expect((await as(t.app, me)({ method: 'POST', url: '/chats/00000000-0000-7000-8000-000000000000/read' })).statusCode).toBe(404);
  });

  it('answers 429 with Retry-After when someone sends faster than the flood limit', async () => {
    const [a, b] = [await createUser(t.app), await createUser(t.app)];
    const replies: LightMyRequestResponse[] = [];
    for (let i = 0; i < 14; i++) replies.push(await send(a, b, `flood ${i}`));
    const codes = replies.map((r) => r.statusCode);
    const last = replies[replies.length - 1];
    expect(codes.filter((c) => c === 201).length).toBeGreaterThanOrEqual(10);
    expect(codes.filter((c) => c === 201).length).toBeLessThan(14);
    expect(last.statusCode).toBe(429);
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
    expect(errorOf(last)).toMatchObject({ success: false, error: 'Too Many Requests' });
    // Another sender is not slowed down by it.
    expect((await send(b, a, 'unaffected')).statusCode).toBe(201);
  });
});

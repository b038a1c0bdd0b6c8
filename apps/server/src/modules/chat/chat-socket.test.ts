import { CHAT_ACK_ERRORS, markReadResponseSchema, messageSchema, pairRoom, type AckResult } from '@plaza/contract';
import { describe, expect, it } from 'vitest';
import { as, createUser, sendChatMessage, type TestUser } from '../../../test/factories';
import { dialects, useTestApp } from '../../../test/harness';
import { bodyOf } from '../../../test/replies';
import { befriend, collect, firstOnlineUsers, nextEvent, sleep, socketsOf, type ChatClient } from './testing';
import { TYPING_THROTTLE_MS } from './socket/typing';

describe.each(dialects())('chat over socket.io on %s', (dialect) => {
  const t = useTestApp(dialect, {}, { listen: true });
  const connect = socketsOf(t);
  const send = (from: TestUser, to: TestUser, messageContent: string) => sendChatMessage(t.app, from, to, messageContent);
  const sendMessage = async (from: TestUser, to: TestUser, messageContent: string) =>
    bodyOf(await send(from, to, messageContent), messageSchema);
  const join = async (s: ChatClient, who: TestUser, other: TestUser) => {
    const room = pairRoom(who.user._id, other.user._id);
    const joined = nextEvent(s, 'roomJoined', (p) => p.room === room);
    s.emit('joinRoom', { room, userId: who.user._id, username: who.user.userName });
    return joined;
  };
  const emitWithAck = (s: ChatClient, event: 'sendMessage' | 'joinRoom', payload: unknown) =>
    new Promise<AckResult>((resolve) =>
      (s.emit as (e: string, p: unknown, ack: (r: AckResult) => void) => void).call(s, event, payload, resolve),
    );

  it('joins the own pair room and reports whether the other person (a friend) is online', async () => {
    const [a, b] = [await createUser(t.app), await createUser(t.app)];
    await befriend(t.app, a.user._id, b.user._id);
    const sa = await connect(a);
    expect(await join(sa, a, b)).toEqual({ room: pairRoom(a.user._id, b.user._id), online: false });
    await connect(b);
    expect(await join(sa, a, b)).toMatchObject({ online: true });
  });

  it("does not let anyone into someone else's pair room, nor hear its messages", async () => {
    const [a, b, c] = [await createUser(t.app), await createUser(t.app), await createUser(t.app)];
    const sc = await connect(c);
    const joined = collect(sc, 'roomJoined');
    const heard = collect(sc, 'receiveMessage');
    const room = pairRoom(a.user._id, b.user._id);
    sc.emit('joinRoom', { room, userId: c.user._id, username: c.user.userName });
    sc.emit('joinRoom', { room, userId: a.user._id, username: a.user.userName });
    const ack = await emitWithAck(sc, 'joinRoom', { room, userId: c.user._id });
    expect(ack).toEqual({ status: 'error', error: CHAT_ACK_ERRORS.forbidden });
    const unknownPartner = await emitWithAck(sc, 'joinRoom', {
      room: pairRoom(c.user._id, '00000000-0000-7000-8000-000000000000'),
      userId: c.user._id,
    });
    expect(unknownPartner.status).toBe('error');
    expect((await send(a, b, 'between us')).statusCode).toBe(201);
    await sleep(300);
    expect(joined).toEqual([]);
    expect(heard).toEqual([]);
  });

  it('delivers receiveMessage exactly once to the receiver in the room, and to the sender’s other tab', async () => {
    const [a, b] = [await createUser(t.app), await createUser(t.app)];
    const sb = await connect(b);
    await join(sb, b, a);
    const atReceiver = collect(sb, 'receiveMessage');
    const senderTab = await connect(a);
    const atSenderTab = collect(senderTab, 'receiveMessage');
    const sent = await sendMessage(a, b, 'exactly once');
    await nextEvent(sb, 'receiveMessage', (m) => m._id === sent._id).catch(() => undefined);
    await sleep(200);
    expect(atReceiver).toEqual([sent]);
    expect(atSenderTab.map((m) => m._id)).toEqual([sent._id]);
  });

  it('acks sendMessage ok for an own stored message, and an error for a foreign, unknown or garbage one', async () => {
    const [a, b] = [await createUser(t.app), await createUser(t.app)];
    const sa = await connect(a);
    const sb = await connect(b);
    const delivered = nextEvent(sb, 'receiveMessage');
    const mine = await sendMessage(a, b, 'mine');
    expect((await delivered)._id).toBe(mine._id);
    const room = pairRoom(a.user._id, b.user._id);
    const base = { room, senderId: a.user._id, senderUsername: a.user.userName, receiverId: b.user._id, receiverUsername: b.user.userName };
    const heardByB = collect(sb, 'receiveMessage');
    expect(await emitWithAck(sa, 'sendMessage', { ...base, message: mine })).toEqual({ status: 'ok' });
    // Not delivered a second time: the POST already announced it.
    await sleep(200);
    expect(heardByB).toEqual([]);
    expect(await emitWithAck(sb, 'sendMessage', { ...base, message: mine })).toEqual({ status: 'error', error: CHAT_ACK_ERRORS.notFound });
    expect(
      await emitWithAck(sa, 'sendMessage', { ...base, message: { ...mine, _id: '00000000-0000-7000-8000-000000000000' } }),
    ).toMatchObject({ status: 'error' });
    expect(await emitWithAck(sa, 'sendMessage', 'garbage')).toEqual({ status: 'error', error: CHAT_ACK_ERRORS.invalid });
    expect(await emitWithAck(sa, 'sendMessage', { room, message: { _id: 42 } })).toEqual({
      status: 'error',
      error: CHAT_ACK_ERRORS.invalid,
    });
  });

  it('sends a new message over sendMessage: stored, acked with it, heard once by the receiver and the sender’s other tab, not by the sending socket', async () => {
    const [a, b, c] = [await createUser(t.app), await createUser(t.app), await createUser(t.app)];
    const sa = await connect(a);
    const otherTab = await connect(a);
    const sb = await connect(b);
    const [atSender, atOtherTab, atReceiver] = [
      collect(sa, 'receiveMessage'),
      collect(otherTab, 'receiveMessage'),
      collect(sb, 'receiveMessage'),
    ];
    const body = {
      messageSenderUsername: a.user.userName,
      messageReceiverUsername: b.user.userName,
      messageContent: ' over the socket ',
      clientMessageId: 's-1',
    };
    const ack = await emitWithAck(sa, 'sendMessage', body);
    expect(ack).toMatchObject({
      status: 'ok',
      message: { messageText: 'over the socket', clientMessageId: 's-1', messageSender: a.user._id },
    });
    const sent = messageSchema.parse(ack.message);
    // A retry with the same clientMessageId answers the original; nothing new is stored.
    expect(await emitWithAck(sa, 'sendMessage', body)).toMatchObject({ status: 'ok', message: { _id: sent._id } });
    await nextEvent(sb, 'receiveMessage', (m) => m._id === sent._id).catch(() => undefined);
    await sleep(200);
    expect(atReceiver[0]).toEqual(sent);
    expect(atOtherTab[0]._id).toBe(sent._id);
    expect(atSender).toEqual([]);
    const history = await as(t.app, b)({ method: 'GET', url: `/chats/${b.user._id}/${a.user._id}` });
    expect(history.json<Array<{ _id: string }>>().map((m) => m._id)).toEqual([sent._id]);
    // The route's refusals, as ack errors: someone else's name, an unknown receiver, a blank text.
    expect(await emitWithAck(sa, 'sendMessage', { ...body, messageSenderUsername: c.user.userName, clientMessageId: 's-2' })).toEqual({
      status: 'error',
      error: CHAT_ACK_ERRORS.forbidden,
    });
    expect(
      await emitWithAck(sa, 'sendMessage', { ...body, messageReceiverUsername: 'nobody_here_at_all', clientMessageId: 's-3' }),
    ).toEqual({
      status: 'error',
      error: CHAT_ACK_ERRORS.notFound,
    });
    expect(await emitWithAck(sa, 'sendMessage', { ...body, messageContent: '   ' })).toEqual({
      status: 'error',
      error: CHAT_ACK_ERRORS.invalid,
    });
  });

  it('survives garbage payloads on every event and keeps serving', async () => {
    const [a, b] = [await createUser(t.app), await createUser(t.app)];
    const sa = await connect(a);
    const emit = (sa.emit as (e: string, ...args: unknown[]) => void).bind(sa);
    for (const event of ['joinRoom', 'leaveRoom', 'sendMessage', 'ping', 'typing', 'userConnected']) {
      for (const junk of [null, 42, 'x', { room: 5 }, { room: 'a'.repeat(5000), userId: {} }]) emit(event, junk);
      emit(event, { room: 'x' }, 'not a function');
    }
    expect(await join(sa, a, b)).toMatchObject({ online: false });
    expect(sa.connected).toBe(true);
  });

  it('relays typing only to the partner, and not for rooms that are not the caller’s', async () => {
    const [a, b, c] = [await createUser(t.app), await createUser(t.app), await createUser(t.app)];
    await befriend(t.app, a.user._id, b.user._id);
    await befriend(t.app, a.user._id, c.user._id);
    const sa = await connect(a);
    const sb = await connect(b);
    const sc = await connect(c);
    const atC = collect(sc, 'typing');
    const atA = collect(sa, 'typing');
    const room = pairRoom(a.user._id, b.user._id);
    const typed = nextEvent(sb, 'typing');
    sa.emit('typing', { room, isTyping: true });
    expect(await typed).toEqual({ room, userId: a.user._id, isTyping: true });
    // The stop inside the throttle window still arrives, after the window.
    const stopped = nextEvent(sb, 'typing', (p) => !p.isTyping);
    sa.emit('typing', { room, isTyping: false });
    expect(await stopped).toEqual({ room, userId: a.user._id, isTyping: false });
    sc.emit('typing', { room, isTyping: true });
    sc.emit('typing', { room: pairRoom(a.user._id, c.user._id), isTyping: true });
    await nextEvent(sa, 'typing', (p) => p.userId === c.user._id);
    await sleep(400);
    expect(atC).toEqual([]);
    expect(atA.map((p) => p.userId)).toEqual([c.user._id]);
  });

  it('relays nothing more from a socket that disconnects inside the throttle window', async () => {
    const [a, b] = [await createUser(t.app), await createUser(t.app)];
    await befriend(t.app, a.user._id, b.user._id);
    const sa = await connect(a);
    const sb = await connect(b);
    const atB = collect(sb, 'typing');
    const room = pairRoom(a.user._id, b.user._id);
    const first = nextEvent(sb, 'typing');
    sa.emit('typing', { room, isTyping: true });
    await first;
    // Inside the 300 ms window: held for its end, by which time the socket is gone.
    sa.emit('typing', { room, isTyping: false });
    await sleep(50);
    sa.disconnect();
    await sleep(TYPING_THROTTLE_MS + 200);
    expect(atB.map((p) => p.isTyping)).toEqual([true]);
  });

  it('throttles a typing storm to a few relays', async () => {
    const [a, b] = [await createUser(t.app), await createUser(t.app)];
    await befriend(t.app, a.user._id, b.user._id);
    const sa = await connect(a);
    const sb = await connect(b);
    const atB = collect(sb, 'typing');
    const room = pairRoom(a.user._id, b.user._id);
    for (let i = 0; i < 15; i++) {
      sa.emit('typing', { room, isTyping: i % 2 === 0 });
      await sleep(20);
    }
    await sleep(500);
    expect(atB.length).toBeGreaterThanOrEqual(2);
    expect(atB.length).toBeLessThanOrEqual(3);
    expect(atB.at(-1)?.isTyping).toBe(true);
  });

  it('tells the other person when their messages were read', async () => {
    const [a, b] = [await createUser(t.app), await createUser(t.app)];
    const sa = await connect(a);
    await send(a, b, 'did you read this?');
    const read = nextEvent(sa, 'messagesRead');
    const res = await as(t.app, b)({ method: 'POST', url: `/chats/${a.user._id}/read` });
    expect(await read).toEqual({
      room: pairRoom(a.user._id, b.user._id),
      readerId: b.user._id,
      readAt: bodyOf(res, markReadResponseSchema).readAt,
    });
  });

  describe('presence', () => {
    it('sends onlineUsers to friends and chat partners, never to a stranger', async () => {
      const [a, friend, partner, stranger] = [
        await createUser(t.app),
        await createUser(t.app),
        await createUser(t.app),
        await createUser(t.app),
      ];
      await befriend(t.app, a.user._id, friend.user._id);
      await send(partner, a, 'we talked once');
      const sFriend = await connect(friend);
      const sPartner = await connect(partner);
      const sStranger = await connect(stranger);
      const atStranger = collect(sStranger, 'onlineUsers');

      const friendSeesA = nextEvent(sFriend, 'onlineUsers', (ids) => ids.includes(a.user._id));
      const partnerSeesA = nextEvent(sPartner, 'onlineUsers', (ids) => ids.includes(a.user._id));
      const sa = await connect(a);
      const own = await firstOnlineUsers(sa);
      expect(new Set(own)).toEqual(new Set([a.user._id, friend.user._id, partner.user._id]));
      expect(new Set(await friendSeesA)).toEqual(new Set([friend.user._id, a.user._id]));
      expect(new Set(await partnerSeesA)).toEqual(new Set([partner.user._id, a.user._id]));

      const friendSeesAGo = nextEvent(sFriend, 'onlineUsers', (ids) => !ids.includes(a.user._id));
      sa.close();
      expect(await friendSeesAGo).toEqual([friend.user._id]);
      await sleep(300);
      expect(atStranger.every((ids) => ids.length === 1 && ids[0] === stranger.user._id)).toBe(true);
    });

    it('shows two strangers to each other once they exchange their first message', async () => {
      const [a, d] = [await createUser(t.app), await createUser(t.app)];
      const sa = await connect(a);
      const sd = await connect(d);
      expect(await firstOnlineUsers(sa)).toEqual([a.user._id]);
      const aSeesD = nextEvent(sa, 'onlineUsers', (ids) => ids.includes(d.user._id));
      const dSeesA = nextEvent(sd, 'onlineUsers', (ids) => ids.includes(a.user._id));
      expect((await send(d, a, 'hello stranger')).statusCode).toBe(201);
      expect(new Set(await aSeesD)).toEqual(new Set([a.user._id, d.user._id]));
      expect(new Set(await dSeesA)).toEqual(new Set([a.user._id, d.user._id]));
    });

    it('coalesces several comings and goings into about one list a second', async () => {
      const a = await createUser(t.app);
      const friends = [await createUser(t.app), await createUser(t.app), await createUser(t.app), await createUser(t.app)];
      for (const f of friends) await befriend(t.app, a.user._id, f.user._id);
      const sa = await connect(a);
      await firstOnlineUsers(sa);
      const lists = collect(sa, 'onlineUsers');
      for (const f of friends) await connect(f);
      await sleep(1500);
      expect(lists.length).toBeGreaterThanOrEqual(1);
      expect(lists.length).toBeLessThanOrEqual(2);
      expect(new Set(lists.at(-1))).toEqual(new Set([a.user._id, ...friends.map((f) => f.user._id)]));
    });
  });
});

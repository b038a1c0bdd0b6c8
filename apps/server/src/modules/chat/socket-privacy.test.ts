/**
 * Blocks and the presence audience hold on the socket too (issue 34, finding 3): `typing` reaches only
 * friends and chat partners with no block either way, `roomJoined.online` tells a stranger or a blocked
 * person nothing, and a read receipt never reaches someone on the other side of a block. The
 * `onlineUsers` list leaves out everyone on the other side of a block, chat partners included.
 */
import { pairRoom } from '@plaza/contract';
import { describe, expect, it } from 'vitest';
import { as, createUser, sendChatMessage, type TestUser } from '../../../test/factories';
import { dialects, useTestApp } from '../../../test/harness';
import { act } from '../safety/testing';
import { befriend, collect, firstOnlineUsers, nextEvent, sleep, socketsOf, type ChatClient } from './testing';

describe.each(dialects())('socket events honour blocks and the presence audience on %s', (dialect) => {
  const t = useTestApp(dialect, {}, { listen: true });
  const connect = socketsOf(t);
  const onlineSeenBy = async (s: ChatClient, who: TestUser, other: TestUser) => {
    const room = pairRoom(who.user._id, other.user._id);
    const joined = nextEvent(s, 'roomJoined', (p) => p.room === room);
    s.emit('joinRoom', { room, userId: who.user._id });
    return (await joined).online;
  };
  const send = (from: TestUser, to: TestUser, messageContent: string) => sendChatMessage(t.app, from, to, messageContent);

  it('a stranger learns nothing of anyone’s online state through joinRoom, a friend does', async () => {
    const [target, stranger, friend] = [await createUser(t.app), await createUser(t.app), await createUser(t.app)];
    await befriend(t.app, target.user._id, friend.user._id);
    await connect(target);
    expect(await onlineSeenBy(await connect(stranger), stranger, target)).toBe(false);
    expect(await onlineSeenBy(await connect(friend), friend, target)).toBe(true);
  });

  it('a blocked friend or chat partner learns nothing of the blocker’s online state', async () => {
    const [target, partner] = [await createUser(t.app), await createUser(t.app)];
    expect((await send(partner, target, 'hello')).statusCode).toBe(201);
    await connect(target);
    const sp = await connect(partner);
    expect(await onlineSeenBy(sp, partner, target)).toBe(true);
    await act(t.app, target, 'block', partner);
    expect(await onlineSeenBy(sp, partner, target)).toBe(false);
  });

  it('onlineUsers drops a chat partner who blocks you, at once and on every later change', async () => {
    const [target, partner] = [await createUser(t.app), await createUser(t.app)];
    expect((await send(partner, target, 'hello')).statusCode).toBe(201);
    await connect(target);
    const sp = await connect(partner);
    expect(await firstOnlineUsers(sp)).toEqual([partner.user._id, target.user._id]);
    const dropped = nextEvent(sp, 'onlineUsers', (ids) => !ids.includes(target.user._id));
    await act(t.app, target, 'block', partner);
    expect(await dropped).toEqual([partner.user._id]);
    // The blocker comes and goes: nothing of it reaches the blocked person.
    const atPartner = collect(sp, 'onlineUsers');
    const again = await connect(target);
    await sleep(1500);
    again.close();
    await sleep(1500);
    expect(atPartner.filter((ids) => ids.includes(target.user._id))).toEqual([]);
    // Nor a fresh connection's first list.
    await connect(target);
    expect(await firstOnlineUsers(await connect(partner))).toEqual([partner.user._id]);
  });

  it('onlineUsers shows neither side of a block the other, friends or chat partners, until it is lifted', async () => {
    const [me, friend] = [await createUser(t.app), await createUser(t.app)];
    expect((await send(me, friend, 'hi')).statusCode).toBe(201);
    await befriend(t.app, me.user._id, friend.user._id);
    await act(t.app, me, 'block', friend);
    await connect(friend);
    expect(await firstOnlineUsers(await connect(me))).toEqual([me.user._id]);
    const sf = await connect(friend);
    expect(await firstOnlineUsers(sf)).toEqual([friend.user._id]);
    // Lifted: they are chat partners again, and each sees the other once more.
    const back = nextEvent(sf, 'onlineUsers', (ids) => ids.includes(me.user._id));
    await act(t.app, me, 'block', friend, true);
    expect(await back).toEqual([friend.user._id, me.user._id]);
  });

  it('typing reaches neither a stranger nor someone on either side of a block', async () => {
    const [a, stranger, partner] = [await createUser(t.app), await createUser(t.app), await createUser(t.app)];
    await befriend(t.app, a.user._id, partner.user._id);
    const sa = await connect(a);
    const atA = collect(sa, 'typing');
    const ss = await connect(stranger);
    ss.emit('typing', { room: pairRoom(a.user._id, stranger.user._id), isTyping: true });
    const sp = await connect(partner);
    const atPartner = collect(sp, 'typing');
    // Still friends: heard (so the silence below is the block's doing, not a broken relay).
    sp.emit('typing', { room: pairRoom(a.user._id, partner.user._id), isTyping: true });
    await nextEvent(sa, 'typing', (p) => p.userId === partner.user._id);
    await act(t.app, a, 'block', partner);
    await sleep(400);
    sp.emit('typing', { room: pairRoom(a.user._id, partner.user._id), isTyping: false });
    sa.emit('typing', { room: pairRoom(a.user._id, partner.user._id), isTyping: true });
    await sleep(800);
    expect(atA.map((p) => [p.userId, p.isTyping])).toEqual([[partner.user._id, true]]);
    expect(atPartner).toEqual([]);
  });

  it('marking a conversation read sends no messagesRead to the person who blocked you, nor to the one you blocked', async () => {
    const [a, b] = [await createUser(t.app), await createUser(t.app)];
    expect((await send(a, b, 'one')).statusCode).toBe(201);
    expect((await send(b, a, 'two')).statusCode).toBe(201);
    const sa = await connect(a);
    const sb = await connect(b);
    const atA = collect(sa, 'messagesRead');
    const atB = collect(sb, 'messagesRead');
    await act(t.app, a, 'block', b);
    expect((await as(t.app, b)({ method: 'POST', url: `/chats/${a.user._id}/read` })).statusCode).toBe(200);
    expect((await as(t.app, a)({ method: 'POST', url: `/chats/${b.user._id}/read` })).statusCode).toBe(200);
    await sleep(500);
    expect(atA.filter((e) => e.readerId === b.user._id)).toEqual([]);
    expect(atB.filter((e) => e.readerId === a.user._id)).toEqual([]);
  });
});

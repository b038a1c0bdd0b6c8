import { buildApp } from '../../../app';
import { groupHistoryResponseSchema } from '@plaza/contract';
import { describe, expect, it } from 'vitest';
import { as, createUser, type TestUser } from '../../../../test/factories';
import { dialects, useTestApp } from '../../../../test/harness';
import { bodyOf } from '../../../../test/replies';
import { collect, nextEvent, sleep, socketsOf } from '../testing';
import { adminWithFriends, createGroup, sayIn, textsOf } from './testing';

describe.each(dialects())('group conversations over socket.io on %s', (dialect) => {
  const t = useTestApp(dialect, {}, { listen: true });
  const connect = socketsOf(t);
  const say = (who: TestUser, id: string, messageText: string) => sayIn(t.app, who, id, messageText);

  it('stops delivery to a removed member at once, sockets included, and tells them', async () => {
    const { admin, friends } = await adminWithFriends(t.app, 3);
    const group = await createGroup(t.app, admin, friends);
    const [gone, stay] = [friends[0], friends[1]];
    const [goneSocket, staySocket] = await Promise.all([connect(gone), connect(stay)]);
    const goneSeen = collect(goneSocket, 'groupMessage');
    await say(admin, group._id, 'before');
    await nextEvent(goneSocket, 'groupMessage', (e) => e.message.messageText === 'before');

    const told = nextEvent(goneSocket, 'conversationRemoved');
    expect((await as(t.app, admin)({ method: 'DELETE', url: `/chats/groups/${group._id}/members/${gone.user._id}` })).statusCode).toBe(200);
    expect(await told).toEqual({ conversationId: group._id, reason: 'removed' });
    const arrived = nextEvent(staySocket, 'groupMessage', (e) => e.message.messageText === 'after');
    await say(admin, group._id, 'after');
    await arrived;
    await sleep(200);
    expect(textsOf(goneSeen)).toEqual(['before']);
    const typing = collect(goneSocket, 'groupTyping');
    staySocket.emit('groupTyping', { conversationId: group._id, isTyping: true });
    const write = await as(
      t.app,
      gone,
    )({ method: 'POST', url: `/chats/groups/${group._id}/messages`, payload: { messageText: 'still here?' } });
    expect(write.statusCode).toBe(404);
    await sleep(200);
    expect(typing).toEqual([]);
  });

  it('lets a member leave and be added again: live again, with the whole history', async () => {
    const { admin, friends } = await adminWithFriends(t.app, 2);
    const group = await createGroup(t.app, admin, friends);
    const me = friends[0];
    const socket = await connect(me);
    await say(admin, group._id, 'one');
    const left = nextEvent(socket, 'conversationRemoved');
    expect((await as(t.app, me)({ method: 'DELETE', url: `/chats/groups/${group._id}/members/${me.user._id}` })).statusCode).toBe(200);
    expect((await left).reason).toBe('left');
    await say(admin, group._id, 'while away');

    const back = nextEvent(socket, 'conversationUpdate', (e) => e.conversation.members.some((m) => m._id === me.user._id));
    const add = await as(t.app, admin)({ method: 'POST', url: `/chats/groups/${group._id}/members`, payload: { userIds: [me.user._id] } });
    expect(add.statusCode).toBe(200);
    expect((await back).conversation._id).toBe(group._id);
    const live = nextEvent(socket, 'groupMessage', (e) => e.message.messageText === 'welcome back');
    await say(admin, group._id, 'welcome back');
    await live;
    const history = await as(t.app, me)({ method: 'GET', url: `/chats/groups/${group._id}/messages` });
    const lines = bodyOf(history, groupHistoryResponseSchema).data.map((m) => (m.kind === 'system' ? m.system?.type : m.messageText));
    expect(lines).toEqual(['created', 'one', 'left', 'while away', 'added', 'welcome back']);
  });

  it('relays typing to the other members only, and read positions to every member', async () => {
    const { admin, friends } = await adminWithFriends(t.app, 2);
    const group = await createGroup(t.app, admin, friends);
    const stranger = await createUser(t.app);
    const [a, b, c, s] = await Promise.all([connect(admin), connect(friends[0]), connect(friends[1]), connect(stranger)]);
    const ownTyping = collect(a, 'groupTyping');
    const atB = nextEvent(b, 'groupTyping');
    const atC = nextEvent(c, 'groupTyping');
    a.emit('groupTyping', { conversationId: group._id, isTyping: true });
    expect(await atB).toEqual({ conversationId: group._id, userId: admin.user._id, isTyping: true });
    expect((await atC).userId).toBe(admin.user._id);
    const intruder = collect(b, 'groupTyping');
    s.emit('groupTyping', { conversationId: group._id, isTyping: true });

    const m = await say(admin, group._id, 'read me');
    const receipt = nextEvent(a, 'groupRead');
    const ack = await new Promise((resolve) => b.emit('groupRead', { conversationId: group._id }, resolve));
    expect(ack).toEqual({ status: 'ok' });
    expect(await receipt).toEqual({ conversationId: group._id, userId: friends[0].user._id, messageId: m._id, seq: m.seq });
    const refused = await new Promise((resolve) => s.emit('groupRead', { conversationId: group._id }, resolve));
    expect(refused).toMatchObject({ status: 'error', error: 'not_found' });
    await sleep(200);
    expect(ownTyping).toEqual([]);
    expect(intruder).toEqual([]);
  });

  it("never sends a blocked member's messages to the one who blocked them", async () => {
    const { admin, friends } = await adminWithFriends(t.app, 2);
    const [me, them] = friends;
    const group = await createGroup(t.app, admin, friends);
    expect((await as(t.app, me)({ method: 'POST', url: `/users/${them.user._id}/block` })).statusCode).toBeLessThan(300);
    const [mine, admins] = await Promise.all([connect(me), connect(admin)]);
    const seen = collect(mine, 'groupMessage');
    const atAdmin = nextEvent(admins, 'groupMessage', (e) => e.message.messageText === 'hidden from me');
    await say(them, group._id, 'hidden from me');
    await atAdmin;
    await say(admin, group._id, 'visible');
    await nextEvent(mine, 'groupMessage', (e) => e.message.messageText === 'visible');
    expect(textsOf(seen)).toEqual(['visible']);
  });
});

describe.each(dialects())('group catch-up across a restart on %s', (dialect) => {
  const t = useTestApp(dialect, {}, { listen: true });
  const connect = socketsOf(t);
  const say = (who: TestUser, id: string, messageText: string) => sayIn(t.app, who, id, messageText);

  it('delivers every message once to each of ten members online; two offline catch up with after= after a restart', async () => {
    const { admin, friends } = await adminWithFriends(t.app, 9);
    const group = await createGroup(t.app, admin, friends, 'Ten');
    const online = [admin, ...friends.slice(0, 7)];
    const offline = friends.slice(7);
    const sockets = await Promise.all(online.map(connect));
    const seen = sockets.map((s) => collect(s, 'groupMessage'));

    const sent: string[] = [];
    for (let i = 0; i < 12; i++) {
      const from = online[i % online.length];
      sent.push((await say(from, group._id, `message ${i}`)).messageText);
    }
    await sleep(300);
    for (const list of seen) expect(textsOf(list)).toEqual(sent);

    // The two offline members held the group up to its first line; the server restarts meanwhile.
    connect.closeAll();
    await t.app.close();
    t.app = await buildApp(t.config, { logger: false });
    await t.app.ready();
    for (const who of offline) {
      const res = await as(t.app, who)({ method: 'GET', url: `/chats/groups/${group._id}/messages?after=${group.lastMessage._id}` });
      const missed = bodyOf(res, groupHistoryResponseSchema).data;
      expect(missed.map((m) => m.messageText)).toEqual(sent);
      expect(missed.map((m) => m.seq)).toEqual(sent.map((_, i) => i + 2));
    }
  });
});

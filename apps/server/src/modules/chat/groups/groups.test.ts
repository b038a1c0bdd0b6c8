import {
  conversationListResponseSchema,
  groupConversationResponseSchema,
  groupHistoryResponseSchema,
  groupMessageResponseSchema,
  markGroupReadResponseSchema,
  muteGroupResponseSchema,
} from '@plaza/contract';
import { describe, expect, it } from 'vitest';
import { as, createUser, sendChatMessage, type TestUser } from '../../../../test/factories';
import { dialects, useTestApp } from '../../../../test/harness';
import { bodyOf, errorOf } from '../../../../test/replies';
import { adminWithFriends, createGroup } from './testing';

describe.each(dialects())('group conversations over HTTP on %s', (dialect) => {
  const t = useTestApp(dialect);
  const say = (who: TestUser, id: string, messageText: string, extra: Record<string, unknown> = {}) =>
    as(t.app, who)({ method: 'POST', url: `/chats/groups/${id}/messages`, payload: { messageText, ...extra } });
  const historyOf = async (who: TestUser, id: string, query = '') =>
    bodyOf(await as(t.app, who)({ method: 'GET', url: `/chats/groups/${id}/messages${query}` }), groupHistoryResponseSchema).data;
  const listOf = async (who: TestUser, query = '') =>
    bodyOf(await as(t.app, who)({ method: 'GET', url: `/chats/conversations${query}` }), conversationListResponseSchema).data;

  it('creates a group of friends with a system line, listed for every member beside direct conversations', async () => {
    const { admin, friends } = await adminWithFriends(t.app, 2);
    const group = await createGroup(t.app, admin, friends, 'Family');
    expect(group).toMatchObject({ kind: 'group', name: 'Family', photo: null, createdBy: admin.user._id, admins: [admin.user._id] });
    expect(group.members.map((m) => m._id).sort()).toEqual([admin.user._id, ...friends.map((f) => f.user._id)].sort());
    expect(group.lastMessage).toMatchObject({ kind: 'system', seq: 1, system: { type: 'created', name: 'Family' } });
    expect(group.lastMessage.system?.users.map((u) => u._id).sort()).toEqual(friends.map((f) => f.user._id).sort());

    const sent = await sendChatMessage(t.app, friends[0], admin, 'direct');
    expect(sent.statusCode).toBe(201);
    const list = await listOf(admin);
    expect(list.map((c) => c.kind)).toEqual(['direct', 'group']);
    expect((await listOf(admin, '?kind=group')).map((c) => c._id)).toEqual([group._id]);
    expect((await listOf(friends[1])).map((c) => c._id)).toEqual([group._id]);
  });

  it('refuses a group with a stranger, or with fewer than three people', async () => {
    const { admin, friends } = await adminWithFriends(t.app, 2);
    const stranger = await createUser(t.app);
    const withStranger = await as(
      t.app,
      admin,
    )({
      method: 'POST',
      url: '/chats/groups',
      payload: { name: 'x', memberIds: [friends[0].user._id, stranger.user._id] },
    });
    expect(withStranger.statusCode).toBe(403);
    const tooFew = await as(
      t.app,
      admin,
    )({ method: 'POST', url: '/chats/groups', payload: { name: 'x', memberIds: [friends[0].user._id, admin.user._id] } });
    expect(tooFew.statusCode).toBe(400);
    expect((await listOf(admin)).length).toBe(0);
  });

  it('sends, pages back and catches up by seq; a repeated clientMessageId stores one message', async () => {
    const { admin, friends } = await adminWithFriends(t.app, 2);
    const group = await createGroup(t.app, admin, friends);
    const first = await say(friends[0], group._id, 'hello all', { clientMessageId: 'g-1' });
    expect(first.statusCode).toBe(201);
    const again = await say(friends[0], group._id, 'hello all', { clientMessageId: 'g-1' });
    expect(again.statusCode).toBe(200);
    const m1 = bodyOf(first, groupMessageResponseSchema).message;
    expect(bodyOf(again, groupMessageResponseSchema).message._id).toBe(m1._id);
    expect(m1).toMatchObject({ conversationId: group._id, senderId: friends[0].user._id, kind: 'text', system: null, seq: 2 });
    for (const text of ['two', 'three', 'four']) expect((await say(admin, group._id, text)).statusCode).toBe(201);

    const all = await historyOf(friends[1], group._id);
    expect(all.map((m) => m.seq)).toEqual([1, 2, 3, 4, 5]);
    expect(all.map((m) => m.messageText).slice(1)).toEqual(['hello all', 'two', 'three', 'four']);
    expect((await historyOf(friends[1], group._id, `?after=${m1._id}`)).map((m) => m.messageText)).toEqual(['two', 'three', 'four']);
    expect((await historyOf(friends[1], group._id, `?before=${all[3]._id}&limit=2`)).map((m) => m.seq)).toEqual([2, 3]);
  });

  it('counts unread per member, marks read forward only, and shows every read position', async () => {
    const { admin, friends } = await adminWithFriends(t.app, 2);
    const group = await createGroup(t.app, admin, friends);
    await say(admin, group._id, 'one');
    const two = bodyOf(await say(admin, group._id, 'two'), groupMessageResponseSchema).message;
    const unread = async (who: TestUser) => (await listOf(who)).find((c) => c._id === group._id)?.unreadCount;
    expect(await unread(friends[0])).toBe(3);
    expect(await unread(admin)).toBe(0);

    const read = await as(t.app, friends[0])({ method: 'POST', url: `/chats/groups/${group._id}/read`, payload: { messageId: two._id } });
    expect(bodyOf(read, markGroupReadResponseSchema).seq).toBe(two.seq);
    expect(await unread(friends[0])).toBe(0);
    const back = await as(
      t.app,
      friends[0],
    )({ method: 'POST', url: `/chats/groups/${group._id}/read`, payload: { messageId: group.lastMessage._id } });
    expect(bodyOf(back, markGroupReadResponseSchema).seq).toBe(two.seq);
    const seen = bodyOf(
      await as(t.app, admin)({ method: 'GET', url: `/chats/groups/${group._id}` }),
      groupConversationResponseSchema,
    ).conversation;
    expect(seen.reads.find((r) => r.userId === friends[0].user._id)?.seq).toBe(two.seq);
    expect(seen.reads.find((r) => r.userId === friends[1].user._id)?.seq).toBe(0);

    const muted = await as(t.app, friends[1])({ method: 'PUT', url: `/chats/groups/${group._id}/mute`, payload: { muted: true } });
    expect(bodyOf(muted, muteGroupResponseSchema).muted).toBe(true);
    expect((await listOf(friends[1])).find((c) => c._id === group._id)?.muted).toBe(true);
    expect((await listOf(friends[0])).find((c) => c._id === group._id)?.muted).toBe(false);
  });

  it('lets the admin rename, add and remove, writing a system line for each; members who are not admins get 403', async () => {
    const { admin, friends } = await adminWithFriends(t.app, 3);
    const group = await createGroup(t.app, admin, friends.slice(0, 2));
    const rename = (who: TestUser, name: string) =>
      as(t.app, who)({ method: 'PATCH', url: `/chats/groups/${group._id}`, payload: { name } });
    expect((await rename(friends[0], 'Mine now')).statusCode).toBe(403);
    expect(bodyOf(await rename(admin, 'Holiday'), groupConversationResponseSchema).conversation.name).toBe('Holiday');

    const add = await as(
      t.app,
      admin,
    )({ method: 'POST', url: `/chats/groups/${group._id}/members`, payload: { userIds: [friends[2].user._id] } });
    expect(bodyOf(add, groupConversationResponseSchema).conversation.members).toHaveLength(4);
    const kick = (who: TestUser, target: TestUser) =>
      as(t.app, who)({ method: 'DELETE', url: `/chats/groups/${group._id}/members/${target.user._id}` });
    expect((await kick(friends[0], friends[1])).statusCode).toBe(403);
    expect((await kick(admin, friends[1])).statusCode).toBe(200);
    expect((await say(friends[1], group._id, 'still here?')).statusCode).toBe(404);

    const lines = (await historyOf(admin, group._id)).filter((m) => m.kind === 'system').map((m) => m.system?.type);
    expect(lines).toEqual(['created', 'renamed', 'added', 'removed']);
    const removed = (await historyOf(admin, group._id)).at(-1);
    expect(removed?.messageText).toBe(`Ana Admin removed ${friends[1].user.fullName}`);
  });

  it('refuses a stranger reading, writing, renaming, adding, removing, marking read and muting: 404 as if there were no group', async () => {
    const { admin, friends } = await adminWithFriends(t.app, 2);
    const group = await createGroup(t.app, admin, friends);
    const stranger = await createUser(t.app);
    const s = as(t.app, stranger);
    const base = `/chats/groups/${group._id}`;
    const tries = [
      s({ method: 'GET', url: base }),
      s({ method: 'GET', url: `${base}/messages` }),
      s({ method: 'POST', url: `${base}/messages`, payload: { messageText: 'let me in' } }),
      s({ method: 'PATCH', url: base, payload: { name: 'Taken' } }),
      s({ method: 'POST', url: `${base}/members`, payload: { userIds: [stranger.user._id] } }),
      s({ method: 'DELETE', url: `${base}/members/${friends[0].user._id}` }),
      s({ method: 'POST', url: `${base}/read`, payload: {} }),
      s({ method: 'PUT', url: `${base}/mute`, payload: { muted: true } }),
    ];
    for (const res of await Promise.all(tries)) {
      expect(res.statusCode).toBe(404);
      expect(errorOf(res).success).toBe(false);
    }
    const history = await historyOf(admin, group._id);
    expect(history.map((m) => m.kind)).toEqual(['system']);
    expect(bodyOf(await as(t.app, admin)({ method: 'GET', url: base }), groupConversationResponseSchema).conversation.name).toBe('Trip');
  });

  it("hides a blocked member's messages from the one who blocked them: history, last message and unread count", async () => {
    const { admin, friends } = await adminWithFriends(t.app, 2);
    const [me, them] = friends;
    const group = await createGroup(t.app, admin, friends);
    await say(admin, group._id, 'from the admin');
    expect((await as(t.app, me)({ method: 'POST', url: `/users/${them.user._id}/block` })).statusCode).toBeLessThan(300);
    await say(them, group._id, 'you will not see this');
    const mine = await historyOf(me, group._id);
    expect(mine.map((m) => m.messageText)).not.toContain('you will not see this');
    const row = (await listOf(me)).find((c) => c._id === group._id);
    expect(row?.lastMessage.messageText).toBe('from the admin');
    expect(row?.unreadCount).toBe(2);
    expect((await historyOf(admin, group._id)).map((m) => m.messageText)).toContain('you will not see this');
  });

  it('shows someone removed the group as it was when they went: why, who was there, the history up to that line', async () => {
    const { admin, friends } = await adminWithFriends(t.app, 4);
    const [stays, gone, leaves, later] = friends;
    const group = await createGroup(t.app, admin, [stays, gone, leaves]);
    await say(admin, group._id, 'before');
    const kick = await as(t.app, admin)({ method: 'DELETE', url: `/chats/groups/${group._id}/members/${gone.user._id}` });
    expect(kick.statusCode).toBe(200);
    await say(admin, group._id, 'after');
    const add = (who: typeof later) =>
      as(t.app, admin)({ method: 'POST', url: `/chats/groups/${group._id}/members`, payload: { userIds: [who.user._id] } });
    expect((await add(later)).statusCode).toBe(200);
    const base = `/chats/groups/${group._id}`;

    const seen = bodyOf(await as(t.app, gone)({ method: 'GET', url: base }), groupConversationResponseSchema).conversation;
    expect(seen).toMatchObject({ _id: group._id, name: 'Trip', gone: 'removed', unreadCount: 0, reads: [] });
    expect(seen.members.map((m) => m._id).sort()).toEqual([admin, stays, leaves].map((u) => u.user._id).sort());
    expect(seen.lastMessage).toMatchObject({ kind: 'system', system: { type: 'removed' } });
    const lines = await historyOf(gone, group._id);
    expect(lines.map((m) => (m.kind === 'system' ? m.system?.type : m.messageText))).toEqual(['created', 'before', 'removed']);
    expect((await historyOf(gone, group._id, `?after=${lines[1]._id}`)).map((m) => m.system?.type)).toEqual(['removed']);
    // Reading is all, and reporting what they read: no writing, marking read or muting.
    const report = (messageId: string) =>
      as(t.app, gone)({ method: 'POST', url: '/reports', payload: { targetType: 'message', targetId: messageId, reason: 'spam' } });
    expect((await report(lines[1]._id)).statusCode).toBe(201);
    const after = (await historyOf(admin, group._id)).find((m) => m.messageText === 'after');
    expect((await report(after?._id ?? '')).statusCode).toBe(404);
    expect((await say(gone, group._id, 'let me back')).statusCode).toBe(404);
    expect((await as(t.app, gone)({ method: 'POST', url: `${base}/read`, payload: {} })).statusCode).toBe(404);
    expect((await as(t.app, gone)({ method: 'PUT', url: `${base}/mute`, payload: { muted: true } })).statusCode).toBe(404);
    // They were never in the list of conversations again, and a stranger still finds nothing.
    expect((await listOf(gone)).map((c) => c._id)).toEqual([]);
    const stranger = await createUser(t.app);
    for (const url of [base, `${base}/messages`]) expect((await as(t.app, stranger)({ method: 'GET', url })).statusCode).toBe(404);

    expect((await as(t.app, leaves)({ method: 'DELETE', url: `${base}/members/${leaves.user._id}` })).statusCode).toBe(200);
    expect(bodyOf(await as(t.app, leaves)({ method: 'GET', url: base }), groupConversationResponseSchema).conversation.gone).toBe('left');

    // Added again: a member like any other, with the whole history.
    expect((await add(gone)).statusCode).toBe(200);
    const back = bodyOf(await as(t.app, gone)({ method: 'GET', url: base }), groupConversationResponseSchema).conversation;
    expect(back.gone).toBeUndefined();
    expect((await historyOf(gone, group._id)).map((m) => m.messageText)).toContain('after');
  });
});

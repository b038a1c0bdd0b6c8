import {
  chatHistoryResponseSchema,
  conversationListResponseSchema,
  conversationsResponseSchema,
  groupHistoryResponseSchema,
  groupMessageResponseSchema,
  messageSchema,
  pairRoom,
} from '@plaza/contract';
import { describe, expect, it } from 'vitest';
import { as, sendChatMessage } from '../../../test/factories';
import { dialects, useTestApp } from '../../../test/harness';
import { bodyOf } from '../../../test/replies';
import { createGroup } from '../chat/testing';
import { befriend } from '../people/testing';
import { mentionNotices, namedUser } from './testing';

describe.each(dialects())('mentions in chat messages on %s', (dialect) => {
  const t = useTestApp(dialect);

  it('carries the mentions in the sent message, the history and the conversation list', async () => {
    const [ann, ben, cat] = [await namedUser(t.app, 'ann'), await namedUser(t.app, 'ben'), await namedUser(t.app, 'cat')];
    const res = await sendChatMessage(t.app, ann, ben, `@${ben.user.userName} ask @${cat.user.userName}`);
    expect(res.statusCode).toBe(201);
    const expected = [
      { userId: ben.user._id, userName: ben.user.userName, mentionedAs: ben.user.userName.toLowerCase() },
      { userId: cat.user._id, userName: cat.user.userName, mentionedAs: cat.user.userName.toLowerCase() },
    ];
    expect(bodyOf(res, messageSchema).mentions).toEqual(expected);

    const history = bodyOf(
      await as(t.app, ben)({ method: 'GET', url: `/chats/${ben.user._id}/${ann.user._id}` }),
      chatHistoryResponseSchema,
    );
    expect(history.map((m) => m.mentions)).toEqual([expected]);
    const list = bodyOf(await as(t.app, ben)({ method: 'GET', url: '/chats/conversations' }), conversationsResponseSchema);
    expect(list.data[0].lastMessage.mentions).toEqual(expected);
  });

  it('tells the person in the conversation, leading there, and nobody outside it', async () => {
    const [ann, ben, cat] = [await namedUser(t.app, 'ann'), await namedUser(t.app, 'ben'), await namedUser(t.app, 'cat')];
    await sendChatMessage(t.app, ann, ben, `hey @${ben.user.userName}, @${cat.user.userName} says hi`);
    const [notice] = await mentionNotices(t.app, ben);
    expect(notice).toMatchObject({
      entityId: `conversation:${pairRoom(ann.user._id, ben.user._id)}`,
      text: `${ann.user.fullName} mentioned you in a message`,
    });
    expect(await mentionNotices(t.app, cat)).toEqual([]);
    // A message without an @name costs no mention lookup and carries none.
    expect(bodyOf(await sendChatMessage(t.app, ann, ben, 'plain'), messageSchema).mentions).toEqual([]);
    expect(await mentionNotices(t.app, ben)).toHaveLength(1);
  });

  it('in a group: carries the mentions and tells the mentioned members, leading to the group, and nobody outside it', async () => {
    const [ann, ben, cat, dan] = [
      await namedUser(t.app, 'ann'),
      await namedUser(t.app, 'ben'),
      await namedUser(t.app, 'cat'),
      await namedUser(t.app, 'dan'),
    ];
    for (const friend of [ben, cat]) await befriend(t.app, ann, friend);
    const group = await createGroup(t.app, ann, [ben, cat]);
    const text = `@${ben.user.userName} and @${dan.user.userName}, see you`;
    const sent = await as(t.app, cat)({ method: 'POST', url: `/chats/groups/${group._id}/messages`, payload: { messageText: text } });
    expect(sent.statusCode).toBe(201);
    const expected = [
      { userId: ben.user._id, userName: ben.user.userName, mentionedAs: ben.user.userName.toLowerCase() },
      { userId: dan.user._id, userName: dan.user.userName, mentionedAs: dan.user.userName.toLowerCase() },
    ];
    expect(bodyOf(sent, groupMessageResponseSchema).message.mentions).toEqual(expected);
    const history = bodyOf(await as(t.app, ben)({ method: 'GET', url: `/chats/groups/${group._id}/messages` }), groupHistoryResponseSchema);
    expect(history.data.map((m) => m.mentions)).toEqual([[], expected]);
    const list = bodyOf(await as(t.app, ann)({ method: 'GET', url: '/chats/conversations' }), conversationListResponseSchema);
    expect(list.data[0].lastMessage.mentions).toEqual(expected);

    const [notice] = await mentionNotices(t.app, ben);
    expect(notice).toMatchObject({ entityId: `conversation:${group._id}`, text: `${cat.user.fullName} mentioned you in a message` });
    // Dan is not in the group: his name is linked, he is told nothing. Nor is Ann, who was not mentioned.
    expect(await mentionNotices(t.app, dan)).toEqual([]);
    expect(await mentionNotices(t.app, ann)).toEqual([]);
  });
});

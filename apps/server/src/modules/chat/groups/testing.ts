/** Test helpers for group conversations: friends all round, a group made over HTTP. Used by tests only. */
import {
  groupConversationResponseSchema,
  groupMessageResponseSchema,
  type GroupConversation,
  type GroupMessage,
  type GroupMessageEvent,
} from '@plaza/contract';
import type { FastifyInstance } from 'fastify';
import { as, createUser, type TestUser } from '../../../../test/factories';
import { bodyOf } from '../../../../test/replies';
import { befriend } from '../testing';

/** An admin and `count` friends of theirs. */
export async function adminWithFriends(app: FastifyInstance, count: number): Promise<{ admin: TestUser; friends: TestUser[] }> {
  const admin = await createUser(app, { fullName: 'Ana Admin' });
  const friends: TestUser[] = [];
  for (let i = 0; i < count; i++) {
    const f = await createUser(app);
    await befriend(app, admin.user._id, f.user._id);
    friends.push(f);
  }
  return { admin, friends };
}

export async function createGroup(app: FastifyInstance, admin: TestUser, members: TestUser[], name = 'Trip'): Promise<GroupConversation> {
  const res = await as(app, admin)({ method: 'POST', url: '/chats/groups', payload: { name, memberIds: members.map((m) => m.user._id) } });
  if (res.statusCode !== 201) throw new Error(`group not created: ${res.statusCode} ${res.body}`);
  return bodyOf(res, groupConversationResponseSchema).conversation;
}

/** `who` writes `messageText` in the group over HTTP; the stored message. */
export async function sayIn(app: FastifyInstance, who: TestUser, id: string, messageText: string): Promise<GroupMessage> {
  const res = await as(app, who)({ method: 'POST', url: `/chats/groups/${id}/messages`, payload: { messageText } });
  if (res.statusCode !== 201) throw new Error(`message not stored: ${res.statusCode} ${res.body}`);
  return bodyOf(res, groupMessageResponseSchema).message;
}

/** The texts of the members' messages among `seen`, system lines left out. */
export const textsOf = (seen: readonly GroupMessageEvent[]) =>
  seen.filter((e) => e.message.kind === 'text').map((e) => e.message.messageText);

/** Chat rules: who may send to whom, idempotent sends, history, conversations and read receipts. */
import {
  pairRoom,
  type ChatHistoryQuery,
  type Conversation,
  type ConversationsQuery,
  type Message,
  type Pagination,
  type SendMessageBody,
} from '@plaza/contract';
import type { AppContext } from '../../context';
import { BadRequestError, ForbiddenError, NotFoundError, TooManyRequestsError } from '../../lib/errors';
import { newId, nowIso } from '../../lib/ids';
import { offsetOf, pageInfo } from '../../lib/pagination';
import { keptInteractionCheck, notHidden } from '../safety';
import { presentPublicUser, userRepo } from '../users';
import type { FloodControl } from './flood-control';
import { messageWriter } from './message-writer';
import { presentMessage } from './presenters';
import { keptPeopleByName } from './people-by-name';
import { chatRepo, type MessageRow } from './repo';

export interface SendResult {
  message: Message;
  /** false when the client id matched an earlier send and the original came back. */
  created: boolean;
}

export function chatService(ctx: AppContext, flood: FloodControl) {
  const repo = chatRepo(ctx.db);
  const users = userRepo(ctx.db);
  // Both answered from memory, dropped by the events that change them (blocks, suspensions, deletions, renames).
  const peopleByName = keptPeopleByName(ctx.db, ctx.events);
  const mayInteract = keptInteractionCheck(ctx.db, ctx.events);
  const writer = messageWriter(ctx.db, ctx.config, ctx.log.child({ part: 'chat-writer' }), ctx.writeTurns);

  return {
    /** Stores the message, then announces it: nobody hears of a message that is not stored. */
    async send(callerId: string, body: SendMessageBody, originSocketId?: string): Promise<SendResult> {
      const taken = flood.take(callerId);
      const waitMs = typeof taken === 'number' ? taken : await taken;
      if (waitMs > 0)
        throw new TooManyRequestsError('You are sending messages too fast. Please wait a moment.', Math.max(1, Math.ceil(waitMs / 1000)));

      const senderName = body.messageSenderUsername.toLowerCase();
      const receiverName = body.messageReceiverUsername.toLowerCase();
      // Both lookups answer from memory without a promise on almost every send; only a miss is awaited.
      const kept = peopleByName(senderName, receiverName);
      const found = Array.isArray(kept) ? kept : await kept;
      const sender = found.find(([, name]) => name === senderName);
      if (!sender || sender[0] !== callerId) throw new ForbiddenError('You can only send messages as yourself.');
      const receiver = found.find(([, name]) => name === receiverName);
      if (!receiver) throw new NotFoundError('This user does not exist.');
      const [senderId, receiverId] = [sender[0], receiver[0]];
      if (receiverId === senderId)
        throw new BadRequestError('You cannot send a message to yourself.', [
          { path: 'messageReceiverUsername', message: 'Choose someone else' },
        ]);

      const now = nowIso();
      const checking = mayInteract(senderId, receiverId, now);
      if (checking) await checking;
      const room = pairRoom(senderId, receiverId);
      const row: MessageRow = {
        id: newId(),
        pair_key: room,
        sender_id: senderId,
        receiver_id: receiverId,
        client_message_id: body.clientMessageId ?? null,
        text: body.messageContent,
        created_at: now,
        read_at: null,
      };
      // The unique (sender, client id) index settles a race between two identical sends: one row wins.
      const { written, firstInConversation } = await writer.write(row);
      if (!written) {
        const original = await repo.findByClientId(senderId, row.client_message_id!);
        if (!original) throw new Error('A message with this client id collided but cannot be found');
        // Announced again: the first attempt may have stored it and died before announcing it (a node
        // killed mid-request); clients drop a copy they already hold by its id.
        const message = presentMessage(original);
        ctx.events.publish('messageStored', { room, senderId, receiverId, message, originSocketId });
        return { message, created: false };
      }
      const message = presentMessage(row);
      ctx.events.publish('messageStored', { room, senderId, receiverId, message, firstInConversation, originSocketId });
      return { message, created: true };
    },

    /** Oldest first: the newest `limit` before `before`, or the oldest `limit` after `after`. Only the two people in the conversation may read it. */
    async history(callerId: string, a: string, b: string, query: ChatHistoryQuery): Promise<Message[]> {
      if (callerId !== a && callerId !== b) throw new ForbiddenError('You can only read your own conversations.');
      if (query.after) {
        if (query.before) throw new BadRequestError('Use before or after, not both.', [{ path: 'after', message: 'Not with before' }]);
        return (await repo.historyAfter(pairRoom(a, b), query.after, query.limit)).map(presentMessage);
      }
      const rows = await repo.history(pairRoom(a, b), query.before, query.limit);
      return rows.reverse().map(presentMessage);
    },

    /** The caller's conversations, most recent first: one page of pairs, then three batched lookups. */
    async conversations(callerId: string, { page, limit }: ConversationsQuery): Promise<{ data: Conversation[]; pagination: Pagination }> {
      const now = nowIso();
      const only = (column: 'c.user_low' | 'c.user_high') => notHidden(ctx.db, column, callerId, now);
      const [pairs, total] = await Promise.all([
        repo.conversationsOf(callerId, limit, offsetOf(page, limit), only),
        repo.countConversations(callerId, only),
      ]);
      const otherIds = pairs.map((p) => (p.user_low === callerId ? p.user_high : p.user_low));
      const [messages, people, unread] = await Promise.all([
        repo.messagesByKeys(pairs.map((p) => ({ pairKey: p.pair_key, id: p.last_message_id }))),
        users.findByIdsWithDeleted(otherIds),
        repo.unreadCounts(callerId, otherIds),
      ]);
      const messageById = new Map(messages.map((m) => [m.id, m]));
      const userById = new Map(people.map((u) => [u.id, u]));
      const data = pairs.flatMap((p, i) => {
        const user = userById.get(otherIds[i]);
        const last = messageById.get(p.last_message_id);
        return user && last
          ? [{ user: presentPublicUser(user), lastMessage: presentMessage(last), unreadCount: unread.get(user.id) ?? 0 }]
          : [];
      });
      return { data, pagination: pageInfo(page, limit, total) };
    },

    /** Marks everything `otherId` sent the caller as read now, and tells `otherId` when anything changed. */
    async markRead(callerId: string, otherId: string): Promise<string> {
      if (otherId === callerId)
        throw new BadRequestError('There is no conversation with yourself.', [{ path: 'otherUserId', message: 'Choose someone else' }]);
      if (!(await users.exists(otherId))) throw new NotFoundError('This user does not exist.');
      const readAt = nowIso();
      const changed = await repo.markRead(callerId, otherId, readAt);
      if (changed > 0) ctx.events.publish('messagesRead', { room: pairRoom(callerId, otherId), readerId: callerId, otherId, readAt });
      return readAt;
    },

    userExists: (userId: string) => users.exists(userId),

    /** Shutdown: writes what is queued, then stops the writer. */
    close: () => writer.close(),

    /** A stored message of `room` the caller sent, for the socket's `sendMessage`; null when it is not theirs or not there. */
    async ownStoredMessage(callerId: string, room: string, messageId: string): Promise<MessageRow | null> {
      const row = await repo.findMessage(room, messageId);
      return row && row.sender_id === callerId ? row : null;
    },
  };
}
export type ChatService = ReturnType<typeof chatService>;

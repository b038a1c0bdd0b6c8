/** Chat rules: who may send to whom, idempotent sends, history, conversations and read receipts. */
import { pairRoom, type ChatHistoryQuery, type Message, type SendMessageBody } from '@plaza/contract';
import type { AppContext } from '../../context';
import { BadRequestError, ForbiddenError, NotFoundError, sentence, TooManyRequestsError } from '../../lib/errors';
import { newId, nowIso } from '../../lib/ids';
import { wantLinkPreview } from '../link-previews';
import { assertCanInteract, cachedInteractionCheck } from '../safety';
import { userRepo } from '../users';
import type { FloodControl } from './flood-control';
import type { MessageStore } from './message-store';
import { presentOneWithMentions, presentWithMentions, storeMessageMentions } from './message-mentions';
import { presentMessage } from './presenters';
import { cachedPeopleByName } from './people-by-name';
import { historyOf } from './conversation-history';
import { conversationList } from './conversation-list';
import { chatRepo, type MessageRow, type NewMessageRow } from './repo';

export interface SendResult {
  message: Message;
  /** false when the client id matched an earlier send and the original came back. */
  created: boolean;
}

// Long: a service; each method is short and shares the repositories and caches made once here.
export function chatService(ctx: AppContext, flood: FloodControl, messages: MessageStore) {
  const repo = chatRepo(ctx.db);
  const users = userRepo(ctx.db);
  // Both answered from memory, dropped by the events that change them (blocks, suspensions, deletions, renames).
  const peopleByName = cachedPeopleByName(ctx.db, ctx.events);
  const mayInteract = ctx.config.without?.includes('interactionCache')
    ? (a: string, b: string, now: string) => assertCanInteract(ctx.db, a, b, now)
    : cachedInteractionCheck(ctx.db, ctx.events);
  const mayReach = async (a: string, b: string): Promise<boolean> => {
    try {
      await mayInteract(a, b, nowIso());
      return true;
    } catch (err) {
      if (err instanceof ForbiddenError) return false;
      throw err;
    }
  };

  /**
   * A message to someone of another server, recorded (federation on) for the federation feature to send as a
   * direct Note. Its own transaction, after the message's (which may be written on the writer's thread): a
   * send retried with the same client id records it again, so a process that died in between still has it
   * sent; the copy carries the same Note, which the other server keeps once.
   */
  async function sendOn(row: NewMessageRow): Promise<void> {
    const payload = { messageId: row.id, senderId: row.sender_id, receiverId: row.receiver_id, text: row.text, createdAt: row.created_at };
    await ctx.db.transaction().execute((trx) => ctx.events.record(trx, 'messageToRemote', payload));
  }

  /**
   * Stores a message of `senderId` to `receiverId` once they may reach each other, then announces it.
   * `toRemote`: the receiver is of another server, so (federation on) the message is recorded to be sent there.
   */
  async function store(
    senderId: string,
    receiverId: string,
    toRemote: boolean,
    body: Pick<SendMessageBody, 'messageContent' | 'clientMessageId' | 'noPreview'>,
    originSocketId?: string,
  ): Promise<SendResult> {
    const sendsOn = toRemote && ctx.config.federation;
    const now = nowIso();
    const checking = mayInteract(senderId, receiverId, now);
    if (checking) await checking;
    const room = pairRoom(senderId, receiverId);
    const row: NewMessageRow = {
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
    const { written, firstInConversation, seq } = await messages.insert(row);
    if (!written) {
      const original = await repo.findByClientId(senderId, row.client_message_id!);
      if (!original) throw new Error('A message with this client id collided but cannot be found');
      // The id belongs to a message of another conversation: answering or announcing it here would show
      // that message to this receiver.
      if (original.pair_key !== room)
        throw new BadRequestError(sentence('error.chat.clientIdReused'), [{ path: 'clientMessageId', message: 'Already used' }]);
      // Announced again: the first attempt may have stored it and died before announcing it (a node
      // killed mid-request); clients drop a copy they already hold by its id.
      const [message] = await presentWithMentions(ctx.db, [original], presentMessage);
      if (sendsOn) await sendOn(original);
      ctx.events.publish('messageStored', { room, senderId, receiverId, message, originSocketId });
      return { message, created: false };
    }
    // Each step below awaits only when it has work: a plain message between two people here waits for none.
    const mentioning = storeMessageMentions(ctx, {
      id: row.id,
      senderId,
      text: row.text,
      createdAt: row.created_at,
      conversationKey: room,
      memberIds: [senderId, receiverId],
    });
    if (mentioning) await mentioning;
    if (sendsOn) await sendOn(row);
    const presenting = presentOneWithMentions(ctx.db, { ...row, seq }, presentMessage);
    const message = presenting instanceof Promise ? await presenting : presenting;
    ctx.events.publish('messageStored', { room, senderId, receiverId, message, firstInConversation, originSocketId });
    if (!body.noPreview) wantLinkPreview(ctx.events, { targetType: 'message', targetId: row.id, scope: room }, row.text);
    return { message, created: true };
  }

  return {
    /** Stores the message, then announces it: nobody hears of a message that is not stored. */
    async send(callerId: string, body: SendMessageBody, originSocketId?: string): Promise<SendResult> {
      const taken = flood.take(callerId);
      const waitMs = typeof taken === 'number' ? taken : await taken;
      if (waitMs > 0) throw new TooManyRequestsError(sentence('error.chat.tooFast'), Math.max(1, Math.ceil(waitMs / 1000)));

      const senderName = body.messageSenderUsername.toLowerCase();
      const receiverName = body.messageReceiverUsername.toLowerCase();
      // Both lookups answer from memory without a promise on almost every send; only a miss is awaited.
      const cached = peopleByName(senderName, receiverName);
      const found = Array.isArray(cached) ? cached : await cached;
      const sender = found.find(([, name]) => name === senderName);
      if (!sender || sender[0] !== callerId) throw new ForbiddenError(sentence('error.chat.asYourself'));
      const receiver = found.find(([, name]) => name === receiverName);
      if (!receiver) throw new NotFoundError(sentence('error.user.notFound'));
      const [senderId, receiverId] = [sender[0], receiver[0]];
      if (receiverId === senderId)
        throw new BadRequestError(sentence('error.chat.toYourself'), [{ path: 'messageReceiverUsername', message: 'Choose someone else' }]);

      return store(senderId, receiverId, receiverName.includes('@'), body, originSocketId);
    },

    /**
     * For the federation feature: a direct message from a person of another server to someone here (the
     * inbox checked who sent it and that they are friends). `noteId` is the Note it came as, kept as its client
     * id, so the same Note arriving twice stores one message. No flood control (their server paces them), no
     * link preview (as for posts of other servers).
     */
    remote: {
      async send(senderId: string, receiverId: string, text: string, noteId: string): Promise<SendResult> {
        return store(senderId, receiverId, false, { messageContent: text, clientMessageId: noteId, noPreview: true });
      },
    },

    /**
     * The newest `limit` before `before`, oldest first; or the first `limit` stored after `after`, in the
     * order they were stored. Only the two people in the conversation may read it.
     */
    async history(callerId: string, a: string, b: string, query: ChatHistoryQuery): Promise<Message[]> {
      if (callerId !== a && callerId !== b) throw new ForbiddenError(sentence('error.chat.ownConversations'));
      return presentWithMentions(ctx.db, await historyOf(repo, pairRoom(a, b), query), presentMessage);
    },

    /** The caller's conversations of both kinds, most recent first. */
    conversations: conversationList(ctx),

    /** Marks everything `otherId` sent the caller as read now, and tells `otherId` when anything changed. */
    async markRead(callerId: string, otherId: string): Promise<string> {
      if (otherId === callerId)
        throw new BadRequestError(sentence('error.chat.noSelfConversation'), [{ path: 'otherUserId', message: 'Choose someone else' }]);
      if (!(await users.exists(otherId))) throw new NotFoundError(sentence('error.user.notFound'));
      const readAt = nowIso();
      const changed = await repo.markRead(callerId, otherId, readAt);
      // A block either way: the other side is not told (a read receipt would say the block is not theirs).
      if (changed > 0 && (await mayReach(callerId, otherId)))
        ctx.events.publish('messagesRead', { room: pairRoom(callerId, otherId), readerId: callerId, otherId, readAt });
      return readAt;
    },

    userExists: (userId: string) => users.exists(userId),

    /** Whether the two may reach each other (no block either way, nobody suspended): for typing, presence and receipts. */
    mayReach,

    /** Shutdown: writes what is queued, then lets go of the store. */
    close: () => messages.close(),

    /** A stored message of `room` the caller sent, for the socket's `sendMessage`; null when it is not theirs or not there. */
    async ownStoredMessage(callerId: string, room: string, messageId: string): Promise<MessageRow | null> {
      const row = await repo.findMessage(room, messageId);
      return row && row.sender_id === callerId ? row : null;
    },
  };
}
export type ChatService = ReturnType<typeof chatService>;

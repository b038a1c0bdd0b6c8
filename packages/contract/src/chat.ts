/** Chat: messages, history and conversations (product.md § Chat); the socket payloads are in socket.ts. */
import { z } from 'zod';
import { CHAT, CHAT_HISTORY_MAX_LIMIT, CONVERSATIONS_MAX_LIMIT, LIMITS, PAGE_SIZES } from './constants';
import { idSchema, paginationSchema, publicUserSchema } from './common';
import { groupMessageSchema } from './group-messages';
import { linkPreviewSchema, noPreviewSchema } from './link-previews';
import { mentionsSchema } from './mentions';

export const messageSchema = z
  .object({
    _id: z.string(),
    clientMessageId: z.string().nullable(),
    messageSender: z.string(),
    messageReceiver: z.string(),
    messageText: z.string(),
    createdAt: z.string(),
    readAt: z.string().nullable(),
    seq: z
      .number()
      .int()
      .min(0)
      .describe(
        "The message's place in its conversation, in the order the server stored them (1, 2, 3 …; a number is never reused, " +
          'so a removed message leaves a gap). Not the order of `_id`: an id is given before the message is stored. ' +
          'A client that holds every message up to some `seq` catches up with `after=` the id of that message.',
      ),
    /** The card of the message's first link; null until it is made (socket `linkPreview`), or when there is none. */
    linkPreview: linkPreviewSchema.nullable(),
    /** The people the message mentions, with their names now. */
    mentions: mentionsSchema,
  })
  .meta({ id: 'Message', description: 'A chat message; `readAt` is set once the receiver has read it.' });
export type Message = z.infer<typeof messageSchema>;

export const messageTextSchema = z
  .string()
  .trim()
  .min(1, 'Write a message first')
  .max(CHAT.messageMaxLength, `A message can be at most ${CHAT.messageMaxLength} characters`);

/** A client-generated id (a UUID in the web app) that makes a retried send return the original message. */
export const clientMessageIdSchema = z.string().trim().min(1).max(64);

export const sendMessageBodySchema = z.object({
  messageSenderUsername: z.string().trim().min(1).max(LIMITS.handle.max),
  messageReceiverUsername: z.string().trim().min(1).max(LIMITS.handle.max),
  messageContent: messageTextSchema,
  clientMessageId: clientMessageIdSchema.optional(),
  noPreview: noPreviewSchema,
});
export type SendMessageBody = z.infer<typeof sendMessageBodySchema>;

export const chatHistoryParamsSchema = z.object({ currentUserId: idSchema, otherUserId: idSchema });

export const chatHistoryQuerySchema = z.object({
  /** A message id: only older messages come back. */
  before: idSchema.optional(),
  /**
   * A message id: the messages stored after it come back, in the order they were stored (by `seq`; catching
   * up after a reconnect). Not with `before`.
   */
  after: idSchema.optional(),
  limit: z.coerce.number().int().min(1).max(CHAT_HISTORY_MAX_LIMIT).default(PAGE_SIZES.chatHistory),
});
export type ChatHistoryQuery = z.infer<typeof chatHistoryQuerySchema>;

/** Oldest first. */
export const chatHistoryResponseSchema = z.array(messageSchema);

export const CONVERSATION_KINDS = ['direct', 'group'] as const;
export type ConversationKind = (typeof CONVERSATION_KINDS)[number];

export const conversationsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(CONVERSATIONS_MAX_LIMIT).default(PAGE_SIZES.conversations),
  /** Only one kind (the list's "Groups" filter); both when left out. */
  kind: z.enum(CONVERSATION_KINDS).optional(),
});
export type ConversationsQuery = z.infer<typeof conversationsQuerySchema>;

/** Fields both kinds of conversation have. */
const conversationFields = {
  /** The conversation's key: a direct one's pair room (`pairRoom`), a group's id. */
  _id: z.string(),
  /** A group's name; for a direct conversation, the other person's full name. */
  name: z.string(),
  /** A group's photo; for a direct conversation, the other person's picture. */
  photo: z.string().nullable(),
  /** Everyone in it now, the caller included. */
  members: z.array(publicUserSchema),
  /** Messages of others the caller has not read (a muted group still counts them; the badge leaves it out). */
  unreadCount: z.number(),
  /** The caller muted it: it adds nothing to the unread badge and shows no toasts. Always false for direct ones. */
  muted: z.boolean(),
};

export const directConversationSchema = z
  .object({
    kind: z.literal('direct'),
    ...conversationFields,
    user: publicUserSchema,
    lastMessage: messageSchema,
  })
  .meta({ id: 'DirectConversation' });
export type DirectConversation = z.infer<typeof directConversationSchema>;

/** A member's read position: the `seq` of the last message they read (0: none). "Seen by N" counts `seq >= message.seq`. */
export const groupReadPositionSchema = z.object({ userId: z.string(), seq: z.number().int().min(0) });
export type GroupReadPosition = z.infer<typeof groupReadPositionSchema>;

export const groupConversationSchema = z
  .object({
    kind: z.literal('group'),
    ...conversationFields,
    lastMessage: groupMessageSchema,
    createdBy: z.string(),
    /** The ids of the members who may add, remove, rename and change the photo (the creator). */
    admins: z.array(z.string()),
    /** One per member. */
    reads: z.array(groupReadPositionSchema),
    createdAt: z.string(),
    /**
     * Set only when the caller is no longer in the group (`GET /chats/groups/{id}` of someone who left or was
     * removed): why. They then see the members who were there with them, no read positions, and the history up
     * to the line that says they left or were removed.
     */
    gone: z.enum(['left', 'removed']).optional(),
  })
  .meta({ id: 'GroupConversation' });
export type GroupConversation = z.infer<typeof groupConversationSchema>;

export const conversationSchema = z
  .discriminatedUnion('kind', [directConversationSchema, groupConversationSchema])
  .meta({ id: 'Conversation' });
export type Conversation = z.infer<typeof conversationSchema>;

/** Most recent activity first, both kinds (or the one `kind` asks for). */
export const conversationListResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(conversationSchema),
  pagination: paginationSchema,
});

/**
 * The same list as a one-to-one client reads it: what `kind=direct` answers, and the whole list of someone
 * who is in no group.
 */
export const conversationsResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(directConversationSchema),
  pagination: paginationSchema,
});

export const markReadParamsSchema = z.object({ otherUserId: idSchema });
export const markReadResponseSchema = z.object({ success: z.literal(true), readAt: z.string() });

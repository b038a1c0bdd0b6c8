/** Chat: messages, history and conversations (CONTRACT "Chat"); the socket payloads are in socket.ts. */
import { z } from 'zod';
import { CHAT, CHAT_HISTORY_MAX_LIMIT, CONVERSATIONS_MAX_LIMIT, PAGE_SIZES } from './constants';
import { idSchema, paginationSchema, publicUserSchema } from './common';

export const messageSchema = z
  .object({
    _id: z.string(),
    clientMessageId: z.string().nullable(),
    messageSender: z.string(),
    messageReceiver: z.string(),
    messageText: z.string(),
    createdAt: z.string(),
    readAt: z.string().nullable(),
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
  messageSenderUsername: z.string().trim().min(1).max(64),
  messageReceiverUsername: z.string().trim().min(1).max(64),
  messageContent: messageTextSchema,
  clientMessageId: clientMessageIdSchema.optional(),
});
export type SendMessageBody = z.infer<typeof sendMessageBodySchema>;

export const chatHistoryParamsSchema = z.object({ currentUserId: idSchema, otherUserId: idSchema });

export const chatHistoryQuerySchema = z.object({
  /** A message id: only older messages come back. */
  before: idSchema.optional(),
  /** A message id: only newer messages come back, the oldest first (catching up after a reconnect). Not with `before`. */
  after: idSchema.optional(),
  limit: z.coerce.number().int().min(1).max(CHAT_HISTORY_MAX_LIMIT).default(PAGE_SIZES.chatHistory),
});
export type ChatHistoryQuery = z.infer<typeof chatHistoryQuerySchema>;

/** Oldest first. */
export const chatHistoryResponseSchema = z.array(messageSchema);

export const conversationsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(CONVERSATIONS_MAX_LIMIT).default(PAGE_SIZES.conversations),
});
export type ConversationsQuery = z.infer<typeof conversationsQuerySchema>;

export const conversationSchema = z
  .object({
    user: publicUserSchema,
    lastMessage: messageSchema,
    unreadCount: z.number(),
  })
  .meta({ id: 'Conversation' });
export type Conversation = z.infer<typeof conversationSchema>;

/** Most recent activity first. */
export const conversationsResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(conversationSchema),
  pagination: paginationSchema,
});

export const markReadParamsSchema = z.object({ otherUserId: idSchema });
export const markReadResponseSchema = z.object({ success: z.literal(true), readAt: z.string() });

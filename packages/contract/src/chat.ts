/** Chat: messages, history, conversations and the socket payloads (CONTRACT "Chat" and "Socket.io"). */
import { z } from 'zod';
import { CHAT, PAGE_SIZES } from './constants';
import { idSchema, publicUserSchema } from './common';

export const CHAT_HISTORY_MAX_LIMIT = 100;
export const CONVERSATIONS_MAX_LIMIT = 100;

export const messageSchema = z.object({
  _id: z.string(),
  clientMessageId: z.string().nullable(),
  messageSender: z.string(),
  messageReceiver: z.string(),
  messageText: z.string(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
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
  limit: z.coerce.number().int().min(1).max(CHAT_HISTORY_MAX_LIMIT).default(PAGE_SIZES.chatHistory),
});
export type ChatHistoryQuery = z.infer<typeof chatHistoryQuerySchema>;

/** Oldest first. */
export const chatHistoryResponseSchema = z.array(messageSchema);

export const conversationsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(CONVERSATIONS_MAX_LIMIT).default(CONVERSATIONS_MAX_LIMIT),
});

export const conversationSchema = z.object({
  user: publicUserSchema,
  lastMessage: messageSchema,
  unreadCount: z.number(),
});
export type Conversation = z.infer<typeof conversationSchema>;

/** Most recent activity first. */
export const conversationsResponseSchema = z.object({ success: z.literal(true), data: z.array(conversationSchema) });
export type ConversationsResponse = z.infer<typeof conversationsResponseSchema>;

export const markReadParamsSchema = z.object({ otherUserId: idSchema });
export const markReadResponseSchema = z.object({ success: z.literal(true), readAt: z.string() });
export type MarkReadResponse = z.infer<typeof markReadResponseSchema>;

// Socket payloads. The server parses every one of them; a client that sends anything else gets nothing.

const roomSchema = z.string().min(1).max(128);

export const joinRoomPayloadSchema = z.object({ room: roomSchema, userId: idSchema, username: z.string().max(64).optional() });
export type JoinRoomPayload = z.infer<typeof joinRoomPayloadSchema>;

export const leaveRoomPayloadSchema = z.object({ room: roomSchema, userId: idSchema });
export type LeaveRoomPayload = z.infer<typeof leaveRoomPayloadSchema>;

/** Only `message._id` is trusted: the server relays what it stored, never what the client sent. */
export const sendMessagePayloadSchema = z.object({
  room: roomSchema,
  message: z.looseObject({ _id: idSchema }),
  senderId: idSchema.optional(),
  senderUsername: z.string().max(64).optional(),
  receiverId: idSchema.optional(),
  receiverUsername: z.string().max(64).optional(),
});
export type SendMessagePayload = z.infer<typeof sendMessagePayloadSchema>;

export const pingPayloadSchema = z.object({ userId: idSchema });
export type PingPayload = z.infer<typeof pingPayloadSchema>;

export const typingPayloadSchema = z.object({ room: roomSchema, isTyping: z.boolean() });
export type TypingPayload = z.infer<typeof typingPayloadSchema>;

export const roomJoinedEventSchema = z.object({ room: z.string(), online: z.boolean() });
export type RoomJoinedEvent = z.infer<typeof roomJoinedEventSchema>;

export const typingEventSchema = z.object({ room: z.string(), userId: z.string(), isTyping: z.boolean() });
export type TypingEvent = z.infer<typeof typingEventSchema>;

export const messagesReadEventSchema = z.object({ room: z.string(), readerId: z.string(), readAt: z.string() });
export type MessagesReadEvent = z.infer<typeof messagesReadEventSchema>;

/**
 * Socket.io events (CONTRACT "Socket.io"): a payload schema for every event in both directions, and the
 * event maps typed from them. The server parses each client event with its schema; the web client types
 * its socket with the same maps, so an event name or payload exists once.
 */
import { z } from 'zod';
import { messageSchema, sendMessageBodySchema } from './chat';
import { idSchema } from './common';
import { notificationSchema } from './notifications';
import { connectionUpdateEventSchema } from './people';

/** The `error` texts of an ack. */
export const CHAT_ACK_ERRORS = {
  invalid: 'invalid_payload',
  forbidden: 'forbidden',
  notFound: 'not_found',
  rateLimited: 'rate_limited',
  unauthorized: 'unauthorized',
  failed: 'failed',
} as const;

/** What the server answers to an event sent with an ack callback. */
export const ackResultSchema = z.object({
  status: z.enum(['ok', 'error']),
  error: z.enum(CHAT_ACK_ERRORS).optional(),
  /** `sendMessage` with a new message: the message as stored (the original for a repeated clientMessageId). */
  message: messageSchema.optional(),
});
export type AckResult = z.infer<typeof ackResultSchema>;

const roomSchema = z.string().min(1).max(128);

// Client → server. A client that sends anything else gets nothing (or an `invalid_payload` ack).

/** `userConnected(userId)`: the caller's own id; answered with its `onlineUsers` list. */
export const userConnectedPayloadSchema = idSchema;

export const joinRoomPayloadSchema = z.object({ room: roomSchema, userId: idSchema, username: z.string().max(64).optional() });

export const leaveRoomPayloadSchema = z.object({ room: roomSchema, userId: idSchema });

/**
 * Asks the server to confirm a message sent through `POST /chats/send`. Only `message._id` is read: the
 * server relays what it stored, never what the client sent, so a client may pass the whole Message.
 */
const confirmMessagePayloadSchema = z.object({
  room: roomSchema,
  message: z.object({ _id: idSchema }),
  senderId: idSchema.optional(),
  senderUsername: z.string().max(64).optional(),
  receiverId: idSchema.optional(),
  receiverUsername: z.string().max(64).optional(),
});

/**
 * `sendMessage` either confirms a message sent through `POST /chats/send` (above), or sends a new one over
 * the socket: the body of `POST /chats/send`, stored and announced exactly as that route does (same
 * checks, flood limit and clientMessageId dedup); the ack carries the stored Message.
 */
export const sendMessagePayloadSchema = z.union([confirmMessagePayloadSchema, sendMessageBodySchema]);

export const pingPayloadSchema = z.object({ userId: idSchema });

export const typingPayloadSchema = z.object({ room: roomSchema, isTyping: z.boolean() });

/**
 * The access token the client got from its last refresh. A socket whose token expired is disconnected
 * unless it sends a fresh one within the grace period (`reauthenticateRequired` says until when); the
 * ack answers `unauthorized` for a token that is not valid or not the socket's user's.
 */
export const reauthenticatePayloadSchema = z.object({ token: z.string().min(1).max(4096) });

// Server → client.

/** The caller's own id first, then the ids of their friends and chat partners who are online. */
export const onlineUsersEventSchema = z.array(z.string());

export const roomJoinedEventSchema = z.object({ room: z.string(), online: z.boolean() });

export const typingEventSchema = z.object({ room: z.string(), userId: z.string(), isTyping: z.boolean() });
export type TypingEvent = z.infer<typeof typingEventSchema>;

export const messagesReadEventSchema = z.object({ room: z.string(), readerId: z.string(), readAt: z.string() });
export type MessagesReadEvent = z.infer<typeof messagesReadEventSchema>;

/** The socket's access token has expired: send `reauthenticate` with a fresh one before `deadline` (ISO time). */
export const reauthenticateRequiredEventSchema = z.object({ deadline: z.string() });

/** Every client → server event's payload schema. */
export const clientEventSchemas = {
  userConnected: userConnectedPayloadSchema,
  joinRoom: joinRoomPayloadSchema,
  leaveRoom: leaveRoomPayloadSchema,
  sendMessage: sendMessagePayloadSchema,
  ping: pingPayloadSchema,
  typing: typingPayloadSchema,
  reauthenticate: reauthenticatePayloadSchema,
} as const;

/** The client events that take an ack callback as their last argument. */
export const ACKED_CLIENT_EVENTS = ['joinRoom', 'leaveRoom', 'sendMessage', 'reauthenticate'] as const;
type AckedClientEvent = (typeof ACKED_CLIENT_EVENTS)[number];

/** Every server → client event's payload schema. */
export const serverEventSchemas = {
  onlineUsers: onlineUsersEventSchema,
  receiveMessage: messageSchema,
  roomJoined: roomJoinedEventSchema,
  notification: notificationSchema,
  typing: typingEventSchema,
  messagesRead: messagesReadEventSchema,
  connectionUpdate: connectionUpdateEventSchema,
  reauthenticateRequired: reauthenticateRequiredEventSchema,
} as const;

type ClientEventSchemas = typeof clientEventSchemas;
type ServerEventSchemas = typeof serverEventSchemas;

export type ClientToServerEvents = {
  [E in keyof ClientEventSchemas]: E extends AckedClientEvent
    ? (payload: z.input<ClientEventSchemas[E]>, ack?: (result: AckResult) => void) => void
    : (payload: z.input<ClientEventSchemas[E]>) => void;
};

export type ServerToClientEvents = {
  [E in keyof ServerEventSchemas]: (payload: z.output<ServerEventSchemas[E]>) => void;
};

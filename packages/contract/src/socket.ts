/**
 * Socket.io events (product.md § Realtime events): a payload schema for every event in both directions, and the
 * event maps typed from them. The server parses each client event with its schema; the web client types
 * its socket with the same maps, so an event name or payload exists once.
 */
import { z } from 'zod';
import { groupConversationSchema, messageSchema, sendMessageBodySchema } from './chat';
import { groupMessageSchema } from './group-messages';
import { idSchema, selfUserSchema } from './common';
import { notificationSchema } from './notifications';
import { linkPreviewEventSchema } from './link-previews';
import { connectionUpdateEventSchema } from './people';
import { postMediaSchema, reactionCountsSchema } from './posts';

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

/** Typing in a group: sent to its other members as `groupTyping`, throttled as one-to-one typing is. */
export const groupTypingPayloadSchema = z.object({ conversationId: idSchema, isTyping: z.boolean() });

/** Marks a group read up to `messageId` (the latest when left out), as `POST /chats/groups/{id}/read` does. */
export const groupReadPayloadSchema = z.object({ conversationId: idSchema, messageId: idSchema.optional() });

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

/**
 * The signed-in person's account changed elsewhere (an admin confirmed their address, the command line
 * changed their role): the account as it is now, so the open session applies it without signing in again.
 */
export const userUpdateEventSchema = z.object({ user: selfUserSchema });

/** Why a session ended server-side (product.md § Session and tokens). */
export const SESSION_END_REASONS = ['password_changed', 'signed_out', 'suspended', 'deleted', 'expired'] as const;
export type SessionEndReason = (typeof SESSION_END_REASONS)[number];

/** Sent just before the server disconnects a socket whose session was revoked, so the app can say why. */
export const sessionEndedEventSchema = z.object({ reason: z.enum(SESSION_END_REASONS) });

/**
 * You may have missed events: cross-node delivery may have dropped some (Redis was lost, the adapter
 * failed). The client catches up everything by id: open conversations, the conversation list, notifications.
 */
export const resyncEventSchema = z.object({});

/**
 * A post's counters moved (someone reacted or commented): its new counts, told to its author and their
 * friends, so every copy on screen shows them without a reload.
 */
export const postCountsEventSchema = z.object({ postId: z.string(), reactionCounts: reactionCountsSchema, commentsCount: z.number() });
export type PostCountsEvent = z.infer<typeof postCountsEventSchema>;

/** A friend published a post that is now on the receiver's timeline (the feed offers "New posts"). */
export const newPostEventSchema = z.object({ postId: z.string(), authorId: z.string() });
export type NewPostEvent = z.infer<typeof newPostEventSchema>;

/**
 * A post's video finished processing (or failed): the post's media as it is now, told to its author and
 * their friends, so a "Processing video…" placeholder becomes the player without a reload.
 */
export const postMediaEventSchema = z.object({ postId: z.string(), media: z.array(postMediaSchema) });
export type PostMediaEvent = z.infer<typeof postMediaEventSchema>;

/**
 * A story's video finished processing (or failed). Told to its author, and once it plays to the friends
 * who may see it (it now enters their tray); its URLs are signed per viewer, so the app reads the
 * stories again rather than taking them from here.
 */
export const storyMediaEventSchema = z.object({
  storyId: z.string(),
  authorId: z.string(),
  status: z.enum(['failed']).optional(),
});
export type StoryMediaEvent = z.infer<typeof storyMediaEventSchema>;

/** A message or system line of a group the receiver is in; sent once to each member (the sender's other tabs too). */
export const groupMessageEventSchema = z.object({ conversationId: z.string(), message: groupMessageSchema });
export type GroupMessageEvent = z.infer<typeof groupMessageEventSchema>;

export const groupTypingEventSchema = z.object({ conversationId: z.string(), userId: z.string(), isTyping: z.boolean() });
export type GroupTypingEvent = z.infer<typeof groupTypingEventSchema>;

/** A member read the group up to `messageId` (its `seq`): the new read position for "Seen by N". */
export const groupReadEventSchema = z.object({
  conversationId: z.string(),
  userId: z.string(),
  messageId: z.string(),
  seq: z.number().int().min(0),
});
export type GroupReadEvent = z.infer<typeof groupReadEventSchema>;

/**
 * A group the receiver is in was created, changed (name, photo, members, admins) or got a new read
 * position: the whole conversation as the receiver sees it (its `unreadCount` and `muted` are theirs).
 */
export const conversationUpdateEventSchema = z.object({ conversation: groupConversationSchema });
export type ConversationUpdateEvent = z.infer<typeof conversationUpdateEventSchema>;

/** The receiver is no longer in the group (they left, or an admin removed them): drop it from the list. */
export const conversationRemovedEventSchema = z.object({ conversationId: z.string(), reason: z.enum(['left', 'removed']) });
export type ConversationRemovedEvent = z.infer<typeof conversationRemovedEventSchema>;

/** Every client → server event's payload schema. */
export const clientEventSchemas = {
  userConnected: userConnectedPayloadSchema,
  joinRoom: joinRoomPayloadSchema,
  leaveRoom: leaveRoomPayloadSchema,
  sendMessage: sendMessagePayloadSchema,
  ping: pingPayloadSchema,
  typing: typingPayloadSchema,
  reauthenticate: reauthenticatePayloadSchema,
  groupTyping: groupTypingPayloadSchema,
  groupRead: groupReadPayloadSchema,
} as const;

/** The client events that take an ack callback as their last argument. */
export const ACKED_CLIENT_EVENTS = ['joinRoom', 'leaveRoom', 'sendMessage', 'reauthenticate', 'groupRead'] as const;
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
  userUpdate: userUpdateEventSchema,
  sessionEnded: sessionEndedEventSchema,
  resync: resyncEventSchema,
  postCounts: postCountsEventSchema,
  newPost: newPostEventSchema,
  postMedia: postMediaEventSchema,
  storyMedia: storyMediaEventSchema,
  linkPreview: linkPreviewEventSchema,
  groupMessage: groupMessageEventSchema,
  groupTyping: groupTypingEventSchema,
  groupRead: groupReadEventSchema,
  conversationUpdate: conversationUpdateEventSchema,
  conversationRemoved: conversationRemovedEventSchema,
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

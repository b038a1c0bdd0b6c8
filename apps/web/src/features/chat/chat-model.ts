/** The chat's shapes as the screen holds them, and the chat texts of product.md § Chat. */
import type { GroupSystem, Message, PublicUser } from '@plaza/contract';
import { textsIn } from '../../lib/fallback-texts';

/** In `common`: the send failure and the reconnection notices show outside the chat's screen too. */
export const CHAT_ERRORS = textsIn({
  users: 'errors.chat.users',
  messages: 'errors.chat.messages',
  connection: 'errors.chat.connection',
  send: 'errors.chat.send',
  reconnecting: 'errors.chat.reconnecting',
});

/** The address of the conversation with `userName` (chat-address.tsx reads it back). */
export const chatPath = (userName: string) => `/chat/${encodeURIComponent(userName)}`;

/** The address of a group's conversation. */
export const groupChatPath = (id: string) => `/chat/g/${encodeURIComponent(id)}`;

export type ChatUser = Pick<PublicUser, '_id' | 'userName' | 'fullName' | 'userImage' | 'userBio'>;

export const toChatUser = ({ _id, userName, fullName, userImage, userBio }: ChatUser): ChatUser => ({
  _id,
  userName,
  fullName,
  userImage,
  userBio,
});

/**
 * A message as the screen holds it: an unsent one (outbox.ts) is `pending`, with `seq` 0, until the stored
 * one replaces it.
 */
export interface ChatMessage extends Message {
  pending?: boolean;
  /** Not sent: why the server refused it (the outbox keeps it for Retry). */
  failed?: string;
  /** A group's line about the group itself ("Ana added Ben"), shown centred, from nobody. */
  system?: boolean;
  /** What that line records, for the app to say in its own words. */
  groupSystem?: GroupSystem;
}

/** One conversation of the signed-in user, by the other person. */
export interface ConversationSummary {
  user: ChatUser;
  lastMessage: Message;
  unreadCount: number;
}

/** Who is online, and who is typing to the signed-in user right now (both pushed by the server). */
export interface Presence {
  online: string[];
  typing: string[];
}

/** The two people of a conversation: the signed-in user and the other one. */
export interface ConversationArgs {
  me: string;
  other: string;
}

/** The other person of a message the signed-in user sent or received. */
export const partnerOf = (message: Message, me: string): string =>
  message.messageSender === me ? message.messageReceiver : message.messageSender;

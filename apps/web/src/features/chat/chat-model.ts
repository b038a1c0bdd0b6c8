/** The chat's shapes as the screen holds them, and the SPEC §8 chat texts. */
import type { Message, PublicUser } from '@plaza/contract';

export const CHAT_ERRORS = {
  users: 'Failed to load users. Please try again.',
  messages: 'Failed to load messages. Please try again.',
  connection: 'Connection error. Trying to reconnect...',
  send: 'Failed to send message. Please try again.',
  reconnecting: 'Attempting to reconnect...',
} as const;

export type ChatUser = Pick<PublicUser, '_id' | 'userName' | 'fullName' | 'userImage' | 'userBio'>;

export const toChatUser = ({ _id, userName, fullName, userImage, userBio }: ChatUser): ChatUser => ({
  _id,
  userName,
  fullName,
  userImage,
  userBio,
});

/** A message as the screen holds it: an optimistic one is `pending` until the stored one replaces it. */
export interface ChatMessage extends Message {
  pending?: boolean;
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

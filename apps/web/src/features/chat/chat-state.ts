/** The chat slice's state, its request statuses and the SPEC §8 chat texts. */
import type { Message, PublicUser } from '@plaza/contract';
import type { ChatMessage } from './chat-helpers';

export type RequestStatus = 'idle' | 'loading' | 'succeeded' | 'failed';

export const CHAT_ERRORS = {
  users: 'Failed to load users. Please try again.',
  messages: 'Failed to load messages. Please try again.',
  connection: 'Connection error. Trying to reconnect...',
  send: 'Failed to send message. Please try again.',
  reconnecting: 'Attempting to reconnect...',
} as const;

export type ChatUser = Pick<PublicUser, '_id' | 'userName' | 'fullName' | 'userImage' | 'userBio'>;

export interface ConversationSummary {
  user: ChatUser | null;
  lastMessage: Message | null;
  unreadCount: number;
}

export interface ChatState {
  users: ChatUser[];
  usersStatus: RequestStatus;
  usersError: string | null;
  usersPage: number;
  usersHasMore: boolean;
  usersSearch: string;
  usersRequestId: string | null;
  /** By the other person's id. */
  conversations: Record<string, ConversationSummary>;
  selectedUser: ChatUser | null;
  messages: ChatMessage[];
  messagesStatus: RequestStatus;
  messagesError: string | null;
  messagesRequestId: string | null;
  hasOlder: boolean;
  olderStatus: RequestStatus;
  onlineUserIds: string[];
  isConnected: boolean;
  connectionError: string | null;
  reconnectNotice: string | null;
  sendError: string | null;
  /** Ids of people typing to the signed-in user right now. */
  typingUserIds: string[];
}

export const initialChatState: ChatState = {
  users: [],
  usersStatus: 'idle',
  usersError: null,
  usersPage: 0,
  usersHasMore: false,
  usersSearch: '',
  usersRequestId: null,
  conversations: {},
  selectedUser: null,
  messages: [],
  messagesStatus: 'idle',
  messagesError: null,
  messagesRequestId: null,
  hasOlder: false,
  olderStatus: 'idle',
  onlineUserIds: [],
  isConnected: false,
  connectionError: null,
  reconnectNotice: null,
  sendError: null,
  typingUserIds: [],
};

/** The chat's calls (SPEC §7 Chat), with the history and send retries of SPEC §9. */
import { CHAT, PAGE_SIZES, type Message } from '@plaza/contract';
import { createAsyncThunk } from '@reduxjs/toolkit';
import { chatApi } from '../../api/chat';
import { isCanceled } from '../../api/errors';
import { delay, normalizeMessage, normalizeMessageList } from './chat-helpers';
import { CHAT_ERRORS, type ChatUser, type ConversationSummary } from './chat-state';

export const CANCELED = 'canceled';
export const toChatUser = ({ _id, userName, fullName, userImage, userBio }: ChatUser): ChatUser => ({
  _id,
  userName,
  fullName,
  userImage,
  userBio,
});

interface UsersPage {
  users: ChatUser[];
  page: number;
  hasMore: boolean;
}

export const fetchChatUsers = createAsyncThunk<UsersPage, { page: number; search?: string }, { rejectValue: string }>(
  'chat/fetchUsers',
  async ({ page, search }, { rejectWithValue }) => {
    try {
      const res = await chatApi.users({ page, search: search?.trim() || undefined });
      return {
        users: res.data.map(toChatUser),
        page: res.pagination?.currentPage ?? page,
        hasMore: Boolean(res.pagination?.hasMore),
      };
    } catch (err) {
      return rejectWithValue(isCanceled(err) ? CANCELED : CHAT_ERRORS.users);
    }
  },
);

export const fetchConversations = createAsyncThunk<ConversationSummary[], void, { rejectValue: string }>(
  'chat/fetchConversations',
  async (_, { rejectWithValue }) => {
    try {
      const list = await chatApi.conversations();
      return list.map((c) => ({ user: toChatUser(c.user), lastMessage: normalizeMessage(c.lastMessage), unreadCount: c.unreadCount }));
    } catch (err) {
      return rejectWithValue(isCanceled(err) ? CANCELED : 'failed');
    }
  },
);

interface ConversationArgs {
  currentUserId: string;
  otherUserId: string;
}

/** The latest history of the open conversation: three retries with 1, 2 and 4 s backoff (SPEC §9). */
export const fetchMessages = createAsyncThunk<Message[], ConversationArgs, { rejectValue: string }>(
  'chat/fetchMessages',
  async ({ currentUserId, otherUserId }, { rejectWithValue, signal }) => {
    for (let attempt = 0; ; attempt++) {
      try {
        return normalizeMessageList(await chatApi.history(currentUserId, otherUserId));
      } catch (err) {
        if (isCanceled(err) || signal.aborted) return rejectWithValue(CANCELED);
        if (attempt >= CHAT.historyRetries) return rejectWithValue(CHAT_ERRORS.messages);
        await delay(CHAT.historyBackoffMs[attempt], signal);
        if (signal.aborted) return rejectWithValue(CANCELED);
      }
    }
  },
);

/** The page before the oldest message shown (scrolling to the top). */
export const fetchOlderMessages = createAsyncThunk<Message[], ConversationArgs & { before: string }, { rejectValue: string }>(
  'chat/fetchOlderMessages',
  async ({ currentUserId, otherUserId, before }, { rejectWithValue }) => {
    try {
      return normalizeMessageList(await chatApi.history(currentUserId, otherUserId, { before, limit: PAGE_SIZES.chatHistory }));
    } catch (err) {
      return rejectWithValue(isCanceled(err) ? CANCELED : CHAT_ERRORS.messages);
    }
  },
);

/** After a reconnect: the latest history, merged by _id, fills whatever the connection missed. */
export const resyncMessages = createAsyncThunk<Message[], ConversationArgs, { rejectValue: string }>(
  'chat/resyncMessages',
  async ({ currentUserId, otherUserId }, { rejectWithValue }) => {
    try {
      // An explicit limit keeps this request distinct from a concurrent first load, so neither cancels the other.
      return normalizeMessageList(await chatApi.history(currentUserId, otherUserId, { limit: PAGE_SIZES.chatHistory }));
    } catch (err) {
      return rejectWithValue(isCanceled(err) ? CANCELED : 'failed');
    }
  },
);

export interface SendArgs {
  sender: { _id: string; userName: string };
  receiver: ChatUser;
  text: string;
  clientMessageId: string;
}

/** Retrying cannot fix a refused message; anything else (network, 5xx, 429) is worth another try. */
function isRetryable(err: unknown): boolean {
  const status = (err as { response?: { status?: number } })?.response?.status;
  return status === undefined || status >= 500 || status === 429 || status === 408;
}

/** POST /chats/send with two retries a second apart; the same clientMessageId makes a retry return the first copy. */
export const sendChatMessage = createAsyncThunk<Message, SendArgs, { rejectValue: string }>(
  'chat/sendMessage',
  async ({ sender, receiver, text, clientMessageId }, { rejectWithValue }) => {
    for (let attempt = 0; ; attempt++) {
      try {
        const stored = normalizeMessage(
          await chatApi.send({
            messageSenderUsername: sender.userName,
            messageReceiverUsername: receiver.userName,
            messageContent: text,
            clientMessageId,
          }),
        );
        if (!stored) throw new Error('The server answered without a message');
        return stored;
      } catch (err) {
        if (attempt >= CHAT.sendRetries || !isRetryable(err)) return rejectWithValue(CHAT_ERRORS.send);
        await delay(CHAT.sendRetryDelayMs);
      }
    }
  },
);

export const markConversationRead = createAsyncThunk<{ readAt: string }, { otherUserId: string }, { rejectValue: string }>(
  'chat/markRead',
  async ({ otherUserId }, { rejectWithValue }) => {
    try {
      const res = await chatApi.markRead(otherUserId);
      return { readAt: res.readAt };
    } catch (err) {
      return rejectWithValue(isCanceled(err) ? CANCELED : 'failed');
    }
  },
);

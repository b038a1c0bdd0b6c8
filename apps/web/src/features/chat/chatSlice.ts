/**
 * The chat: people to talk to (paged, SPEC §4 "Chat users"), conversation summaries, the open conversation's
 * messages, presence, the connection flag and its notices (SPEC §4 "Chat connection", §8 "Chat messages").
 */
import { PAGE_SIZES, type Message, type MessagesReadEvent } from '@plaza/contract';
import { createSlice, type PayloadAction, type ThunkAction, type UnknownAction } from '@reduxjs/toolkit';
import type { RootState } from '../../app/store';
import { mergeMessages, normalizeMessage } from './chat-helpers';
import { CHAT_ERRORS, initialChatState, type ChatState, type ChatUser, type ConversationSummary } from './chat-state';
import {
  CANCELED,
  fetchChatUsers,
  fetchConversations,
  fetchMessages,
  fetchOlderMessages,
  markConversationRead,
  resyncMessages,
  sendChatMessage,
  toChatUser,
} from './chatThunks';

export * from './chat-state';
export * from './chatThunks';

function summaryFor(state: ChatState, otherId: string): ConversationSummary {
  const existing = state.conversations[otherId];
  if (existing) return existing;
  const user = state.users.find((u) => u._id === otherId) ?? (state.selectedUser?._id === otherId ? state.selectedUser : null);
  const created: ConversationSummary = { user, lastMessage: null, unreadCount: 0 };
  state.conversations[otherId] = created;
  return created;
}

function noteLastMessage(state: ChatState, otherId: string, message: Message) {
  const summary = summaryFor(state, otherId);
  if (!summary.lastMessage || summary.lastMessage.createdAt <= message.createdAt) summary.lastMessage = message;
}

const isOpen = (state: ChatState, otherId: string) => state.selectedUser?._id === otherId;

/** The other member of a pair room `userId` belongs to (ids may contain hyphens themselves). */
export function pairPartner(room: string, userId: string): string | null {
  if (room.startsWith(`${userId}-`)) return room.slice(userId.length + 1) || null;
  if (room.endsWith(`-${userId}`)) return room.slice(0, room.length - userId.length - 1) || null;
  return null;
}

/** No conversation open: its messages, their loading and errors gone. */
function clearConversation(state: ChatState) {
  state.selectedUser = null;
  state.messages = [];
  state.messagesStatus = 'idle';
  state.messagesError = null;
  state.messagesRequestId = null;
  state.hasOlder = false;
  state.olderStatus = 'idle';
  state.sendError = null;
}

const chatSlice = createSlice({
  name: 'chat',
  initialState: initialChatState,
  reducers: {
    /** Selecting a user clears the messages; the history load follows (SPEC §4). */
    selectUser(state, action: PayloadAction<ChatUser>) {
      clearConversation(state);
      state.selectedUser = toChatUser(action.payload);
    },
    closeConversation(state) {
      clearConversation(state);
    },
    /** A message from the socket. One already shown (same _id) changes nothing; an optimistic twin is replaced. */
    messageReceived(state, action: PayloadAction<{ message: unknown; currentUserId: string }>) {
      const message = normalizeMessage(action.payload.message);
      const me = action.payload.currentUserId;
      if (!message || (message.messageSender !== me && message.messageReceiver !== me)) return;
      const otherId = message.messageSender === me ? message.messageReceiver : message.messageSender;
      const open = isOpen(state, otherId);
      if (open) {
        if (state.messages.some((m) => m._id === message._id)) return;
        state.messages = mergeMessages(state.messages, [message]);
      }
      const known = state.conversations[otherId]?.lastMessage?._id === message._id;
      noteLastMessage(state, otherId, message);
      if (!open && !known && message.messageReceiver === me && !message.readAt) state.conversations[otherId].unreadCount += 1;
      if (message.messageSender === otherId) state.typingUserIds = state.typingUserIds.filter((id) => id !== otherId);
    },
    /** The server's list replaces ours (SPEC §4). */
    onlineUsersReceived(state, action: PayloadAction<string[]>) {
      state.onlineUserIds = [...new Set(action.payload)];
    },
    connectionChanged(state, action: PayloadAction<boolean>) {
      state.isConnected = action.payload;
      if (action.payload) {
        state.connectionError = null;
      } else {
        state.typingUserIds = [];
      }
    },
    connectionFailed(state) {
      state.isConnected = false;
      state.connectionError = CHAT_ERRORS.connection;
    },
    reconnectAttempted(state) {
      state.reconnectNotice = CHAT_ERRORS.reconnecting;
    },
    reconnectNoticeCleared(state) {
      state.reconnectNotice = null;
    },
    sendErrorCleared(state) {
      state.sendError = null;
    },
    typingChanged(state, action: PayloadAction<{ userId: string; isTyping: boolean }>) {
      const { userId, isTyping } = action.payload;
      const others = state.typingUserIds.filter((id) => id !== userId);
      state.typingUserIds = isTyping ? [...others, userId] : others;
    },
    /** `messagesRead`: the other side read my messages, or another tab of mine read theirs. */
    messagesReadReceived(state, action: PayloadAction<MessagesReadEvent & { currentUserId: string }>) {
      const { readerId, readAt, currentUserId } = action.payload;
      if (readerId === currentUserId) {
        // I read a conversation (here or in another tab): the room is my id and theirs, joined by a hyphen.
        const otherId = pairPartner(action.payload.room, currentUserId);
        if (!otherId) return;
        if (state.conversations[otherId]) state.conversations[otherId].unreadCount = 0;
        if (isOpen(state, otherId)) {
          for (const m of state.messages) if (m.messageSender === otherId && !m.readAt && m.createdAt <= readAt) m.readAt = readAt;
        }
        return;
      }
      if (isOpen(state, readerId)) {
        for (const m of state.messages) {
          if (m.messageSender === currentUserId && m.messageReceiver === readerId && !m.readAt && !m.pending && m.createdAt <= readAt)
            m.readAt = readAt;
        }
      }
      const last = state.conversations[readerId]?.lastMessage;
      if (last && last.messageSender === currentUserId && !last.readAt && last.createdAt <= readAt) last.readAt = readAt;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(fetchChatUsers.pending, (state, { meta }) => {
        state.usersStatus = 'loading';
        state.usersError = null;
        state.usersRequestId = meta.requestId;
        if (meta.arg.page === 1) state.usersSearch = meta.arg.search?.trim() ?? '';
      })
      .addCase(fetchChatUsers.fulfilled, (state, { payload, meta }) => {
        if (meta.requestId !== state.usersRequestId) return;
        state.usersStatus = 'succeeded';
        // Page 1 replaces the list, later pages append (SPEC §4), without repeating anyone.
        if (meta.arg.page === 1) {
          state.users = payload.users;
        } else {
          const known = new Set(state.users.map((u) => u._id));
          state.users.push(...payload.users.filter((u) => !known.has(u._id)));
        }
        state.usersPage = payload.page;
        state.usersHasMore = payload.hasMore;
      })
      .addCase(fetchChatUsers.rejected, (state, { payload, meta }) => {
        if (meta.requestId !== state.usersRequestId || payload === CANCELED) return;
        state.usersStatus = 'failed';
        state.usersError = payload ?? CHAT_ERRORS.users;
      })
      .addCase(fetchConversations.fulfilled, (state, { payload }) => {
        const next: Record<string, ConversationSummary> = {};
        for (const c of payload) {
          if (!c.user) continue;
          // The open conversation is being read: its count stays at zero.
          next[c.user._id] = { ...c, unreadCount: isOpen(state, c.user._id) ? 0 : c.unreadCount };
        }
        // Keep conversations that began after the server answered (a message arrived meanwhile).
        for (const [id, c] of Object.entries(state.conversations)) {
          if (!next[id] && c.lastMessage) next[id] = c;
        }
        state.conversations = next;
      })
      .addCase(fetchMessages.pending, (state, { meta }) => {
        if (!isOpen(state, meta.arg.otherUserId)) return;
        state.messagesStatus = 'loading';
        state.messagesError = null;
        state.messagesRequestId = meta.requestId;
      })
      .addCase(fetchMessages.fulfilled, (state, { payload, meta }) => {
        if (meta.requestId !== state.messagesRequestId || !isOpen(state, meta.arg.otherUserId)) return;
        state.messagesStatus = 'succeeded';
        // Merged, not replaced: messages that arrived over the socket while loading stay.
        state.messages = mergeMessages(state.messages, payload);
        state.hasOlder = payload.length >= PAGE_SIZES.chatHistory;
      })
      .addCase(fetchMessages.rejected, (state, { payload, meta }) => {
        if (meta.requestId !== state.messagesRequestId || payload === CANCELED) return;
        state.messagesStatus = 'failed';
        state.messagesError = payload ?? CHAT_ERRORS.messages;
      })
      .addCase(fetchOlderMessages.pending, (state) => {
        state.olderStatus = 'loading';
      })
      .addCase(fetchOlderMessages.fulfilled, (state, { payload, meta }) => {
        state.olderStatus = 'succeeded';
        if (!isOpen(state, meta.arg.otherUserId)) return;
        state.messages = mergeMessages(state.messages, payload);
        state.hasOlder = payload.length >= PAGE_SIZES.chatHistory;
      })
      .addCase(fetchOlderMessages.rejected, (state, { payload }) => {
        state.olderStatus = payload === CANCELED ? 'idle' : 'failed';
      })
      .addCase(resyncMessages.fulfilled, (state, { payload, meta }) => {
        if (!isOpen(state, meta.arg.otherUserId)) return;
        state.messages = mergeMessages(state.messages, payload);
        if (state.messagesStatus === 'failed') {
          state.messagesStatus = 'succeeded';
          state.messagesError = null;
        }
        const last = payload[payload.length - 1];
        if (last) noteLastMessage(state, meta.arg.otherUserId, last);
      })
      .addCase(sendChatMessage.pending, (state, { meta }) => {
        const { sender, receiver, text, clientMessageId } = meta.arg;
        state.sendError = null;
        if (!isOpen(state, receiver._id)) return;
        state.messages = mergeMessages(state.messages, [
          {
            _id: `pending:${clientMessageId}`,
            clientMessageId,
            messageSender: sender._id,
            messageReceiver: receiver._id,
            messageText: text,
            createdAt: new Date().toISOString(),
            readAt: null,
            pending: true,
          },
        ]);
      })
      .addCase(sendChatMessage.fulfilled, (state, { payload, meta }) => {
        const otherId = meta.arg.receiver._id;
        if (isOpen(state, otherId)) state.messages = mergeMessages(state.messages, [payload]);
        if (!state.conversations[otherId]?.user) summaryFor(state, otherId).user = toChatUser(meta.arg.receiver);
        noteLastMessage(state, otherId, payload);
      })
      .addCase(sendChatMessage.rejected, (state, { payload, meta }) => {
        // The optimistic message rolls back; the typed text goes back into the input.
        state.messages = state.messages.filter((m) => m._id !== `pending:${meta.arg.clientMessageId}`);
        state.sendError = payload ?? CHAT_ERRORS.send;
      })
      .addCase(markConversationRead.fulfilled, (state, { payload, meta }) => {
        const { otherUserId } = meta.arg;
        // Only what the server had when it marked: a message that came in after stays unread.
        for (const m of state.messages) {
          if (m.messageSender === otherUserId && !m.readAt && m.createdAt <= payload.readAt) m.readAt = payload.readAt;
        }
        const summary = state.conversations[otherUserId];
        if (summary) summary.unreadCount = 0;
      });
  },
});

export const {
  selectUser,
  closeConversation,
  messageReceived,
  onlineUsersReceived,
  connectionChanged,
  connectionFailed,
  reconnectAttempted,
  reconnectNoticeCleared,
  sendErrorCleared,
  typingChanged,
  messagesReadReceived,
} = chatSlice.actions;

/** A message from the socket; someone writing for the first time is looked up with the conversations. */
export const incomingMessage =
  (message: unknown, currentUserId: string): ThunkAction<void, RootState, unknown, UnknownAction> =>
  (dispatch, getState) => {
    dispatch(messageReceived({ message, currentUserId }));
    const stored = normalizeMessage(message);
    if (!stored) return;
    const otherId = stored.messageSender === currentUserId ? stored.messageReceiver : stored.messageSender;
    if (!getState().chat.conversations[otherId]?.user) void dispatch(fetchConversations());
  };

export default chatSlice.reducer;

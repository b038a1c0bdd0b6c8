/**
 * The chat screen's own state (product.md § Chat): the open conversation, the connection flag and
 * its notices. Server data lives in the RTK Query cache (`./api`); this starts over when the session changes.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { sessionChanged } from '../auth';
import { CHAT_ERRORS, toChatUser, type ChatUser } from './chat-model';

export interface ChatUiState {
  /** The person whose conversation is open, if any. */
  openUser: ChatUser | null;
  /** The group whose conversation is open, if any. */
  openGroupId: string | null;
  isConnected: boolean;
  connectionError: string | null;
  reconnectNotice: string | null;
}

export const initialChatState: ChatUiState = {
  openUser: null,
  openGroupId: null,
  isConnected: false,
  connectionError: null,
  reconnectNotice: null,
};

const chatSlice = createSlice({
  name: 'chat',
  initialState: initialChatState,
  reducers: {
    conversationOpened(state, action: PayloadAction<ChatUser>) {
      state.openUser = toChatUser(action.payload);
    },
    conversationClosed(state) {
      state.openUser = null;
    },
    groupOpened(state, action: PayloadAction<string | null>) {
      state.openGroupId = action.payload;
    },
    connectionChanged(state, action: PayloadAction<boolean>) {
      state.isConnected = action.payload;
      if (action.payload) state.connectionError = null;
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
  },
  extraReducers: (builder) => {
    builder.addMatcher(sessionChanged, () => initialChatState);
  },
});

export const {
  conversationOpened,
  conversationClosed,
  groupOpened,
  connectionChanged,
  connectionFailed,
  reconnectAttempted,
  reconnectNoticeCleared,
} = chatSlice.actions;

export default chatSlice.reducer;

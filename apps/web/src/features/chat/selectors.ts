/** What the chat screen derives from the slice: the ordered, filtered people list and the partner's state. */
import { createSelector } from '@reduxjs/toolkit';
import type { RootState } from '../../app/store';
import { matchesQuery } from './chat-helpers';
import type { ChatUser, ConversationSummary } from './chatSlice';

export interface ChatListRow {
  user: ChatUser;
  online: boolean;
  unreadCount: number;
  lastMessageAt: string | null;
  typing: boolean;
}

export type ChatListFilter = 'all' | 'unread';

const selectChat = (s: RootState) => s.chat;
const selectMeId = (s: RootState) => s.auth.userDetails?._id ?? null;

const byRecentActivity = (a: ConversationSummary, b: ConversationSummary) =>
  (b.lastMessage?.createdAt ?? '').localeCompare(a.lastMessage?.createdAt ?? '');

/**
 * People with a conversation first, most recent message first; then everyone else in the server's order.
 * The signed-in user never shows; names are matched case-insensitively.
 */
export const selectChatList = createSelector(
  [selectChat, selectMeId, (_: RootState, query: string) => query, (_: RootState, _q: string, filter: ChatListFilter) => filter],
  (chat, meId, query, filter): ChatListRow[] => {
    const online = new Set(chat.onlineUserIds);
    const typing = new Set(chat.typingUserIds);
    const rows: ChatListRow[] = [];
    const seen = new Set<string>();
    const add = (user: ChatUser, summary?: ConversationSummary) => {
      if (user._id === meId || seen.has(user._id) || !matchesQuery(user, query)) return;
      seen.add(user._id);
      rows.push({
        user,
        online: online.has(user._id),
        unreadCount: summary?.unreadCount ?? 0,
        lastMessageAt: summary?.lastMessage?.createdAt ?? null,
        typing: typing.has(user._id),
      });
    };
    for (const summary of Object.values(chat.conversations)
      .filter((c) => c.lastMessage)
      .sort(byRecentActivity)) {
      if (summary.user) add(summary.user, summary);
    }
    for (const user of chat.users) add(user, chat.conversations[user._id]);
    return filter === 'unread' ? rows.filter((r) => r.unreadCount > 0) : rows;
  },
);

export const selectIsOnline = (s: RootState, userId: string | undefined) => Boolean(userId && s.chat.onlineUserIds.includes(userId));
export const selectIsTyping = (s: RootState, userId: string | undefined) => Boolean(userId && s.chat.typingUserIds.includes(userId));

/** The people list of the chat screen, built from the cached conversations, people pages and presence. */
import { matchesQuery } from './chat-helpers';
import type { ChatUser, ConversationSummary, Presence } from './chat-model';

export interface ChatListRow {
  user: ChatUser;
  online: boolean;
  unreadCount: number;
  lastMessageAt: string | null;
  /** The last message's text in one line ("You: …" for one's own); null without a conversation. */
  preview: string | null;
  typing: boolean;
}

/** `groups`: group chats are not here yet; the list says so rather than showing a disabled chip. */
export type ChatListFilter = 'all' | 'unread' | 'groups';

export interface ChatListSources {
  conversations: readonly ConversationSummary[];
  /** People one can chat with, page after page in the server's order. */
  users: readonly ChatUser[];
  presence: Presence;
  meId: string;
  /** The open conversation is being read: it shows no unread count. */
  openId: string | null;
  query: string;
  filter: ChatListFilter;
}

/** One line of the last message, whitespace folded; one's own starts with "You: ". */
const previewOf = ({ lastMessage }: ConversationSummary, meId: string) =>
  `${lastMessage.messageSender === meId ? 'You: ' : ''}${lastMessage.messageText.replace(/\s+/g, ' ').trim()}`;

const byRecentActivity = (a: ConversationSummary, b: ConversationSummary) => b.lastMessage.createdAt.localeCompare(a.lastMessage.createdAt);

/**
 * People with a conversation first, most recent message first; then everyone else in the server's order,
 * each person once. The signed-in user never shows; names are matched case-insensitively.
 */
export function buildChatList({ conversations, users, presence, meId, openId, query, filter }: ChatListSources): ChatListRow[] {
  const online = new Set(presence.online);
  const typing = new Set(presence.typing);
  const summaries = new Map(conversations.map((c) => [c.user._id, c]));
  const rows: ChatListRow[] = [];
  const seen = new Set<string>();
  const add = (user: ChatUser) => {
    if (user._id === meId || seen.has(user._id) || !matchesQuery(user, query)) return;
    seen.add(user._id);
    const summary = summaries.get(user._id);
    rows.push({
      user,
      online: online.has(user._id),
      unreadCount: user._id === openId ? 0 : (summary?.unreadCount ?? 0),
      lastMessageAt: summary?.lastMessage.createdAt ?? null,
      preview: summary ? previewOf(summary, meId) : null,
      typing: typing.has(user._id),
    });
  };
  for (const summary of [...conversations].sort(byRecentActivity)) add(summary.user);
  for (const user of users) add(user);
  if (filter === 'groups') return [];
  return filter === 'unread' ? rows.filter((r) => r.unreadCount > 0) : rows;
}

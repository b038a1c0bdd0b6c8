/**
 * The groups in the conversation list, and the one list they make with the people (chat-list.ts): every
 * conversation by its latest message, groups and people alike, then people not talked with yet.
 */
import type { ChatListFilter, ChatListRow } from './chat-list';
import type { ChatUser } from './chat-model';
import { displayName } from './ConversationRow';

/** What the list needs of a group (the conversation as the server sends it has more). */
export interface GroupListSource {
  _id: string;
  name: string;
  photo: string | null;
  members: readonly ChatUser[];
  lastMessage: { senderId: string; messageText: string; createdAt: string; kind: 'text' | 'system' } | null;
  /** When the group was made: where a group without messages sorts. */
  createdAt?: string;
  unreadCount: number;
  muted: boolean;
}

export interface GroupListRow {
  group: GroupListSource;
  /** The members other than the viewer, by name. */
  others: string[];
  unreadCount: number;
  lastMessageAt: string | null;
  preview: string | null;
  /** Who is typing there now, by name. */
  typing: string[];
}

export type ChatListEntry = { kind: 'person'; row: ChatListRow } | { kind: 'group'; row: GroupListRow };

export interface GroupListSources {
  groups: readonly GroupListSource[];
  meId: string;
  /** The open group is being read: it shows no unread count. */
  openId: string | null;
  query: string;
  filter: ChatListFilter;
  /** Who is typing in which group (user ids). */
  typing: Readonly<Record<string, readonly string[]>>;
}

const fold = (text: string) => text.replace(/\s+/g, ' ').trim();

/** "You: …" for one's own, "Ana: …" for another member's, a system line as it is. */
function previewOf(group: GroupListSource, meId: string): string | null {
  const last = group.lastMessage;
  if (!last) return null;
  if (last.kind === 'system') return fold(last.messageText);
  const sender = last.senderId === meId ? 'You' : group.members.find((m) => m._id === last.senderId);
  const who = typeof sender === 'string' ? sender : sender ? displayName(sender).split(' ')[0] : null;
  return `${who ? `${who}: ` : ''}${fold(last.messageText)}`;
}

const matches = (group: GroupListSource, others: readonly ChatUser[], query: string) => {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  return group.name.toLowerCase().includes(q) || others.some((m) => `${m.fullName ?? ''} ${m.userName}`.toLowerCase().includes(q));
};

/** The groups the filter and the search let through, most recent activity first. */
export function buildGroupRows({ groups, meId, openId, query, filter, typing }: GroupListSources): GroupListRow[] {
  const rows: GroupListRow[] = [];
  for (const group of groups) {
    const others = group.members.filter((m) => m._id !== meId);
    if (!matches(group, others, query)) continue;
    const unreadCount = group._id === openId ? 0 : group.unreadCount;
    if (filter === 'unread' && unreadCount === 0) continue;
    const typingIds = typing[group._id] ?? [];
    rows.push({
      group,
      others: others.map(displayName),
      unreadCount,
      lastMessageAt: group.lastMessage?.createdAt ?? group.createdAt ?? null,
      preview: previewOf(group, meId),
      typing: others.filter((m) => typingIds.includes(m._id)).map((m) => displayName(m).split(' ')[0]),
    });
  }
  return rows.sort((a, b) => (b.lastMessageAt ?? '').localeCompare(a.lastMessageAt ?? ''));
}

/**
 * One list: conversations (people's and groups') by their latest message, newest first, then the people
 * not talked with yet in the order they came. The Groups filter shows the groups alone.
 */
export function mergeChatList(people: readonly ChatListRow[], groups: readonly GroupListRow[], filter: ChatListFilter): ChatListEntry[] {
  const groupEntries = groups.map((row): ChatListEntry => ({ kind: 'group', row }));
  if (filter === 'groups') return groupEntries;
  const talked = people.filter((r) => r.preview !== null).map((row): ChatListEntry => ({ kind: 'person', row }));
  const rest = people.filter((r) => r.preview === null).map((row): ChatListEntry => ({ kind: 'person', row }));
  const at = (e: ChatListEntry) => e.row.lastMessageAt ?? '';
  return [...[...talked, ...groupEntries].sort((a, b) => at(b).localeCompare(at(a))), ...rest];
}

/**
 * How socket events, sends and reads change the chat's cached server data: pure functions on Immer drafts,
 * shared by the endpoints' lifecycles and mutations.
 */
import type { Message } from '@plaza/contract';
import type { InfiniteData } from '@reduxjs/toolkit/query';
import { mergeMessages } from './chat-helpers';
import { partnerOf, toChatUser, type ChatMessage, type ChatUser, type ConversationSummary } from './chat-model';

/** One page of history as the server sent it (oldest first), plus whether older messages exist. */
export interface HistoryPage {
  messages: ChatMessage[];
  hasOlder: boolean;
  /**
   * On the newest page only: the highest `seq` such that the history holds every message of the
   * conversation up to it from this page on (a page of the latest messages holds all up to its highest;
   * later ones count as they arrive in order). A catch-up starts at the message that has it: a message
   * pushed out of order, or our own send answered while the socket was down, may lie past one we missed.
   */
  through?: number;
}

/** Pages newest first; a page's param is the message id it was fetched `before` (null for the latest). */
export type HistoryData = InfiniteData<HistoryPage, string | null>;

/** Every message of the cached history, oldest first, once each. */
export const historyMessages = (data: HistoryData | undefined): ChatMessage[] =>
  data
    ? mergeMessages(
        [],
        data.pages.flatMap((p) => p.messages),
      )
    : [];

/** The highest seq among stored messages, 0 for none: what a page of the latest messages holds everything up to. */
export const highestSeq = (messages: readonly ChatMessage[]): number =>
  messages.reduce((max, m) => (m.pending || m.seq <= max ? max : m.seq), 0);

/**
 * Moves the history's `through` on: to `completeThrough` when a catch-up's answer says everything up to
 * there is held, then over each next seq the history holds (pushes and send answers that came in order).
 */
function advanceThrough(data: HistoryData, completeThrough = 0): void {
  const newest = data.pages[0];
  const held = new Set<number>();
  for (const page of data.pages) for (const m of page.messages) if (!m.pending) held.add(m.seq);
  let through = Math.max(newest.through ?? 0, completeThrough);
  while (held.has(through + 1)) through += 1;
  newest.through = through;
}

/**
 * The message a catch-up asks for what was stored after: the one we hold with the highest seq up to
 * `through`. Undefined when we hold none, and the history is loaded afresh instead.
 */
export function catchUpCursor(data: HistoryData | undefined): string | undefined {
  const through = data?.pages[0]?.through ?? 0;
  let cursor: ChatMessage | undefined;
  for (const m of historyMessages(data)) if (!m.pending && m.seq > 0 && m.seq <= through && (!cursor || m.seq > cursor.seq)) cursor = m;
  return cursor?._id;
}

/**
 * Adds messages to the history: one already on a page replaces its copy there (keeping a known read time);
 * a new one joins the newest page, where it also replaces its optimistic twin (same clientMessageId).
 * `completeThrough`: a catch-up's answer holds every message after its cursor up to this seq.
 */
export function addToHistory(data: HistoryData, incoming: readonly ChatMessage[], completeThrough?: number): void {
  if (data.pages.length === 0) {
    data.pages.push({ messages: [], hasOlder: false });
    data.pageParams.push(null);
  }
  const fresh: ChatMessage[] = [];
  for (const message of incoming) {
    const page = data.pages.find((p) => p.messages.some((m) => m._id === message._id));
    if (page) page.messages = mergeMessages(page.messages, [message]);
    else fresh.push(message);
  }
  if (fresh.length > 0) data.pages[0].messages = mergeMessages(data.pages[0].messages, fresh);
  advanceThrough(data, completeThrough);
}

/** `sender`'s stored messages up to `readAt` become read; a message written after stays unread. */
export function markHistoryRead(data: HistoryData, sender: string, readAt: string): void {
  for (const page of data.pages) {
    for (const m of page.messages) if (m.messageSender === sender && !m.readAt && !m.pending && m.createdAt <= readAt) m.readAt = readAt;
  }
}

/**
 * A message sent or received: its conversation's last message moves on, and a new one for me that is not
 * read yet counts as unread. Returns false when the conversation is not in the list (a first message).
 */
export function noteMessage(list: ConversationSummary[], message: Message, me: string): boolean {
  const summary = list.find((c) => c.user._id === partnerOf(message, me));
  if (!summary) return false;
  const known = summary.lastMessage._id === message._id;
  if (summary.lastMessage.createdAt <= message.createdAt) summary.lastMessage = message;
  if (!known && message.messageReceiver === me && !message.readAt) summary.unreadCount += 1;
  return true;
}

/** A message I sent: the conversation starts if it is new. */
export function noteSent(list: ConversationSummary[], message: Message, receiver: ChatUser): void {
  if (!noteMessage(list, message, message.messageSender))
    list.unshift({ user: toChatUser(receiver), lastMessage: message, unreadCount: 0 });
}

export function clearUnread(list: ConversationSummary[], other: string): void {
  const summary = list.find((c) => c.user._id === other);
  if (summary) summary.unreadCount = 0;
}

/** `reader` read my messages up to `readAt`: my last message to them shows it. */
export function markLastMessageRead(list: ConversationSummary[], reader: string, me: string, readAt: string): void {
  const last = list.find((c) => c.user._id === reader)?.lastMessage;
  if (last && last.messageSender === me && !last.readAt && last.createdAt <= readAt) last.readAt = readAt;
}

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

/**
 * Adds messages to the history: one already on a page replaces its copy there (keeping a known read time);
 * a new one joins the newest page, where it also replaces its optimistic twin (same clientMessageId).
 */
export function addToHistory(data: HistoryData, incoming: readonly ChatMessage[]): void {
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
}

/** Drops the optimistic copy of a message that could not be sent. */
export function dropPending(data: HistoryData, clientMessageId: string): void {
  for (const page of data.pages) page.messages = page.messages.filter((m) => !(m.pending && m.clientMessageId === clientMessageId));
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

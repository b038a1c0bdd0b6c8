/**
 * Messages written but not yet stored by the server, per signed-in person, kept in this browser
 * (localStorage) so that neither a lost connection nor a reload loses them. Each keeps its
 * clientMessageId, so sending it again never makes a second copy. Cleared on logout.
 */
import { useSyncExternalStore } from 'react';
import type { ChatMessage, ChatUser } from './chat-model';

/** crypto.randomUUID exists only in secure contexts; a plain-http LAN address still needs an id. */
export function newClientMessageId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export interface OutboxItem {
  clientMessageId: string;
  senderId: string;
  /** Who it goes to; for a group, the group itself (its id and name), with `groupId` set. */
  receiver: ChatUser;
  /** A message to a group: sent to the group's route instead. */
  groupId?: string;
  text: string;
  createdAt: string;
  /** The sender removed the link preview card in the composer. */
  noPreview?: boolean;
  /** Set when the server refused it: shown with Retry instead of being tried again by itself. */
  failed?: string;
}

const keyOf = (userId: string) => `plaza:chat-outbox:${userId}`;
const listeners = new Set<() => void>();
const cache = new Map<string, OutboxItem[]>();
const NONE: OutboxItem[] = [];

function read(userId: string): OutboxItem[] {
  const kept = cache.get(userId);
  if (kept) return kept;
  let items: OutboxItem[] = NONE;
  try {
    const raw = localStorage.getItem(keyOf(userId));
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    if (Array.isArray(parsed)) items = parsed as OutboxItem[];
  } catch {
    // Unreadable or no storage: nothing was kept.
  }
  cache.set(userId, items);
  return items;
}

function write(userId: string, items: OutboxItem[]): void {
  cache.set(userId, items);
  try {
    if (items.length) localStorage.setItem(keyOf(userId), JSON.stringify(items));
    else localStorage.removeItem(keyOf(userId));
  } catch {
    // Private mode without storage: the outbox lasts until the page closes.
  }
  listeners.forEach((l) => l());
}

export const outbox = {
  items: read,
  add(item: OutboxItem): void {
    write(item.senderId, [...read(item.senderId), item]);
  },
  remove(userId: string, clientMessageId: string): void {
    write(
      userId,
      read(userId).filter((i) => i.clientMessageId !== clientMessageId),
    );
  },
  /** Marks it refused (`reason`), or back to waiting (`undefined`, for Retry). */
  mark(userId: string, clientMessageId: string, reason: string | undefined): void {
    write(
      userId,
      read(userId).map((i) => (i.clientMessageId === clientMessageId ? { ...i, failed: reason } : i)),
    );
  },
  clear(userId: string): void {
    write(userId, NONE);
    cache.delete(userId);
  },
};

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab of the same person changed it.
  const onStorage = (e: StorageEvent) => {
    if (e.key?.startsWith('plaza:chat-outbox:')) {
      cache.clear();
      listener();
    }
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The person's unsent messages, live. */
export function useOutbox(userId: string): OutboxItem[] {
  return useSyncExternalStore(subscribe, () => read(userId));
}

/**
 * The stored history, then what the outbox still holds for this conversation (a person's id, or a group's:
 * a group's items name the group as their receiver) that the server has not stored yet, as faded bubbles.
 */
export function withUnsent(history: ChatMessage[], unsent: readonly OutboxItem[], conversationId: string): ChatMessage[] {
  const stored = new Set(history.map((m) => m.clientMessageId).filter(Boolean));
  const mine = unsent
    .filter((i) => i.receiver._id === conversationId && !stored.has(i.clientMessageId))
    .map((i): ChatMessage => ({
      _id: `pending:${i.clientMessageId}`,
      clientMessageId: i.clientMessageId,
      messageSender: i.senderId,
      messageReceiver: i.receiver._id,
      messageText: i.text,
      createdAt: i.createdAt,
      readAt: null,
      seq: 0,
      linkPreview: null,
      mentions: [],
      pending: !i.failed,
      failed: i.failed,
    }));
  return mine.length ? [...history, ...mine] : history;
}

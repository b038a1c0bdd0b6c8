/** Pure helpers of the chat: merging messages, grouping them by day, the counter colour, name matching. */
import { CHAT } from '@plaza/contract';
import { dayHeadingOf } from '../../lib/dates';
import type { ChatMessage } from './chat-model';

function byTime(a: ChatMessage, b: ChatMessage): number {
  // Optimistic messages carry the browser's clock; they stay last until the server's copy replaces them.
  if (Boolean(a.pending) !== Boolean(b.pending)) return a.pending ? 1 : -1;
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? -1 : 1;
  return a._id < b._id ? -1 : a._id > b._id ? 1 : 0;
}

/**
 * Adds `incoming` to `current`: one entry per `_id` (a later copy wins, so read receipts update), an
 * optimistic message is dropped once its stored copy (same clientMessageId) is there; sorted by createdAt.
 */
export function mergeMessages(current: readonly ChatMessage[], incoming: readonly ChatMessage[]): ChatMessage[] {
  const byId = new Map<string, ChatMessage>();
  for (const m of current) byId.set(m._id, m);
  for (const m of incoming) {
    const known = byId.get(m._id);
    // A copy without a read time (or a link card) never undoes one we already know.
    let merged = known && known.readAt && !m.readAt ? { ...m, readAt: known.readAt } : m;
    if (known?.linkPreview && !merged.linkPreview) merged = { ...merged, linkPreview: known.linkPreview };
    byId.set(m._id, merged);
  }
  const storedClientIds = new Set<string>();
  for (const m of byId.values()) if (!m.pending && m.clientMessageId) storedClientIds.add(m.clientMessageId);
  return [...byId.values()].filter((m) => !(m.pending && m.clientMessageId && storedClientIds.has(m.clientMessageId))).sort(byTime);
}

export interface DateGroup<T extends { createdAt: string }> {
  /** The local calendar day, `YYYY-MM-DD`. */
  key: string;
  /** Weekday, month and day, e.g. "Monday, November 23". */
  label: string;
  messages: T[];
}

function dayKey(d: Date): string {
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** Groups messages (already in order) by local calendar day. */
export function groupByDate<T extends { createdAt: string }>(messages: readonly T[]): DateGroup<T>[] {
  const groups: DateGroup<T>[] = [];
  for (const m of messages) {
    const d = new Date(m.createdAt);
    const key = dayKey(d);
    const last = groups[groups.length - 1];
    if (last && last.key === key) last.messages.push(m);
    else groups.push({ key, label: dayHeadingOf(d), messages: [m] });
  }
  return groups;
}

export type CounterColor = 'normal' | 'amber' | 'red';

/** The counter's warning level: amber over 900 characters, red over 980 (product.md § Chat). */
export function counterColor(length: number): CounterColor {
  if (length > CHAT.counterRedOver) return 'red';
  if (length > CHAT.counterAmberOver) return 'amber';
  return 'normal';
}

/** Case-insensitive substring match on the names a person is known by. */
export function matchesQuery(user: { fullName?: string | null; userName: string }, query: string): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  return (user.fullName ?? '').toLowerCase().includes(q) || user.userName.toLowerCase().includes(q);
}

/** Resolves after `ms`, or at once when `signal` aborts. */
export const delay = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

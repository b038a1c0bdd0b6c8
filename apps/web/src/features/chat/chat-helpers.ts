/** Pure helpers of the chat: message normalisation and merging, date grouping, the counter colour, times. */
import { CHAT, type Message } from '@plaza/contract';

/** A message as the screen holds it: an optimistic one is `pending` until the stored one replaces it. */
export interface ChatMessage extends Message {
  pending?: boolean;
}

type Loose = Record<string, unknown>;

const isObject = (v: unknown): v is Loose => typeof v === 'object' && v !== null && !Array.isArray(v);

/** An id given as a string, or as an object carrying `_id` (SPEC §3). */
function idOf(v: unknown): string | null {
  if (typeof v === 'string' && v) return v;
  if (isObject(v) && typeof v._id === 'string') return v._id;
  return null;
}

/**
 * Turns any form a message may arrive in — plain, wrapped as `{message, data:{…}}` or `{message:{…}}`,
 * with sender and receiver as ids or as objects — into one flat Message; null when it is not a message.
 */
export function normalizeMessage(raw: unknown): Message | null {
  if (!isObject(raw)) return null;
  if (typeof raw._id !== 'string') {
    if (isObject(raw.data)) return normalizeMessage(raw.data);
    if (isObject(raw.message)) return normalizeMessage(raw.message);
    return null;
  }
  const sender = idOf(raw.messageSender);
  const receiver = idOf(raw.messageReceiver);
  if (!sender || !receiver) return null;
  const text = typeof raw.messageText === 'string' ? raw.messageText : typeof raw.messageContent === 'string' ? raw.messageContent : '';
  return {
    _id: raw._id,
    clientMessageId: typeof raw.clientMessageId === 'string' ? raw.clientMessageId : null,
    messageSender: sender,
    messageReceiver: receiver,
    messageText: text,
    createdAt: typeof raw.createdAt === 'string' ? raw.createdAt : new Date().toISOString(),
    readAt: typeof raw.readAt === 'string' ? raw.readAt : null,
  };
}

/** A history response: an array, or an array wrapped in `data` / `messages`. */
export function normalizeMessageList(raw: unknown): Message[] {
  const list = Array.isArray(raw)
    ? raw
    : isObject(raw)
      ? Array.isArray(raw.data)
        ? raw.data
        : Array.isArray(raw.messages)
          ? raw.messages
          : []
      : [];
  return list.map(normalizeMessage).filter((m): m is Message => m !== null);
}

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
    // A copy without a read time never undoes one we already know.
    byId.set(m._id, known && known.readAt && !m.readAt ? { ...m, readAt: known.readAt } : m);
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

export function formatDayHeading(d: Date): string {
  return d.toLocaleDateString('en-US', { weekday: 'long', month: 'long', day: 'numeric' });
}

/** Groups messages (already in order) by local calendar day. */
export function groupByDate<T extends { createdAt: string }>(messages: readonly T[]): DateGroup<T>[] {
  const groups: DateGroup<T>[] = [];
  for (const m of messages) {
    const d = new Date(m.createdAt);
    const key = dayKey(d);
    const last = groups[groups.length - 1];
    if (last && last.key === key) last.messages.push(m);
    else groups.push({ key, label: formatDayHeading(d), messages: [m] });
  }
  return groups;
}

/** A message's time: hour and minute. */
export function formatMessageTime(iso: string): string {
  return new Date(iso).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
}

/** The last-message time of a list row: the time today, the weekday this week, else the date. */
export function formatListTime(iso: string, now = new Date()): string {
  const d = new Date(iso);
  if (dayKey(d) === dayKey(now)) return formatMessageTime(iso);
  const days = (now.getTime() - d.getTime()) / 86_400_000;
  if (days < 6) return d.toLocaleDateString('en-US', { weekday: 'short' });
  return d.toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    ...(d.getFullYear() !== now.getFullYear() ? { year: 'numeric' } : {}),
  });
}

export type CounterColor = 'normal' | 'amber' | 'red';

/** The counter's warning level: amber over 900 characters, red over 980 (SPEC §9). */
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

export const delay = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

/** Test helpers for the chat: real socket.io clients, event waiting, friendships. Used by tests only. */
import type { ClientToServerEvents, ServerToClientEvents } from '@plaza/contract';
import type { FastifyInstance } from 'fastify';
import { io, type Socket } from 'socket.io-client';
import { afterEach } from 'vitest';
import { newId, nowIso } from '../../lib/ids';

export type ChatClient = Socket<ServerToClientEvents, ClientToServerEvents>;

export interface SocketUser {
  user: { _id: string };
  accessToken: string;
}

const listsSeen = new WeakMap<ChatClient, string[][]>();

/** A connected client for `who`, or a rejection carrying the connect_error message. */
export function connectAs(
  url: string,
  who: SocketUser | null,
  opts: { token?: string; userId?: string; reconnect?: boolean } = {},
): Promise<ChatClient> {
  const token = opts.token ?? who?.accessToken;
  const socket: ChatClient = io(url, {
    auth: token === undefined ? {} : { token },
    query: { userId: opts.userId ?? who?.user._id ?? '' },
    transports: ['websocket'],
    forceNew: true,
    reconnection: opts.reconnect ?? false,
    reconnectionDelay: 100,
  });
  // The server sends the first list right after connecting, possibly before the caller can listen.
  listsSeen.set(socket, collect(socket, 'onlineUsers'));
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (err) => {
      socket.close();
      reject(err);
    });
  });
}

/** Everything `event` delivers from now on. */
export function collect<E extends keyof ServerToClientEvents>(socket: ChatClient, event: E): Array<Parameters<ServerToClientEvents[E]>[0]> {
  const seen: Array<Parameters<ServerToClientEvents[E]>[0]> = [];
  (socket as unknown as { on(e: string, f: (p: never) => void): void }).on(event, (payload: never) => seen.push(payload));
  return seen;
}

/** The next `event` that matches, or a rejection after `ms`. */
export function nextEvent<E extends keyof ServerToClientEvents>(
  socket: ChatClient,
  event: E,
  match: (payload: Parameters<ServerToClientEvents[E]>[0]) => boolean = () => true,
  ms = 3000,
): Promise<Parameters<ServerToClientEvents[E]>[0]> {
  const s = socket as unknown as { on(e: string, f: (p: never) => void): void; off(e: string, f: (p: never) => void): void };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      s.off(event, handler);
      reject(new Error(`no ${event} within ${ms} ms`));
    }, ms);
    const handler = (payload: never) => {
      if (!match(payload)) return;
      clearTimeout(timer);
      s.off(event, handler);
      resolve(payload);
    };
    s.on(event, handler);
  });
}

/** The first `onlineUsers` list this client received since it connected. */
export async function firstOnlineUsers(socket: ChatClient, ms = 3000): Promise<string[]> {
  const seen = listsSeen.get(socket) ?? [];
  return seen[0] ?? nextEvent(socket, 'onlineUsers', () => true, ms);
}

/**
 * `connect(who)` for a test app that listens: each socket it opens is closed after the test (or at
 * `connect.closeAll()`), whatever the test did with it.
 */
export function socketsOf(t: { url: string }): ((who: SocketUser) => Promise<ChatClient>) & { closeAll(): void } {
  const open: ChatClient[] = [];
  const closeAll = () => {
    for (const s of open.splice(0)) s.close();
  };
  afterEach(closeAll);
  const connect = async (who: SocketUser) => {
    const s = await connectAs(t.url, who);
    open.push(s);
    return s;
  };
  return Object.assign(connect, { closeAll });
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Makes two users friends directly in the connections table (the people feature owns the real flow). */
export async function befriend(app: FastifyInstance, a: string, b: string): Promise<void> {
  const [low, high] = [a, b].sort();
  const now = nowIso();
  await app.ctx.db
    .insertInto('connections')
    .values({ id: newId(), user_low: low, user_high: high, requester_id: a, status: 'accepted', created_at: now, updated_at: now })
    .execute();
}

/** Group conversations for other features' suites (an admin with friends, a group made over HTTP). */
export { adminWithFriends, createGroup } from './groups/testing';

/** Stand-ins for chat tests: a socket the test drives, and builders of people and messages. */
import type { Message, ServerToClientEvents } from '@plaza/contract';
import type { PlazaSocket } from '../../lib/socket';
import type { ChatUser } from './chat-model';

export const ME = '00000000-0000-4000-8000-00000000000a';
export const BOB = '00000000-0000-4000-8000-00000000000b';
export const CAROL = '00000000-0000-4000-8000-00000000000c';

export const person = (id: string, name: string): ChatUser => ({
  _id: id,
  userName: name.toLowerCase(),
  fullName: name,
  userImage: null,
  userBio: null,
});

const START = Date.UTC(2025, 10, 23, 10, 0, 0);

/** The moment `second` seconds into a fixed day, so order and read times are easy to state. */
export const at = (second: number) => new Date(START + second * 1000).toISOString();

/** A message from Bob to me at `second`, stored `second`th in the conversation, unless `over` says otherwise. */
export function message(id: string, second: number, over: Partial<Message> = {}): Message {
  return {
    _id: id,
    clientMessageId: null,
    messageSender: BOB,
    messageReceiver: ME,
    messageText: `text ${id}`,
    createdAt: at(second),
    readAt: null,
    seq: second,
    linkPreview: null,
    mentions: [],
    ...over,
  };
}

/** A user as the server sends one (`person` plus the fields the chat drops). */
export const publicUser = (user: ChatUser) => ({ ...user, createdAt: at(0) });

type Listener = (...args: unknown[]) => void;

/** A socket whose server side the test plays: `serverSends` delivers an event to every listener. */
export function fakeSocket() {
  const listeners = new Map<string, Set<Listener>>();
  const emitted: Array<{ event: string; args: unknown[] }> = [];
  const add = (event: string, fn: Listener) => listeners.set(event, (listeners.get(event) ?? new Set()).add(fn));
  const remove = (event: string, fn: Listener) => listeners.get(event)?.delete(fn);
  const socket = {
    connected: true,
    on: (event: string, fn: Listener) => add(event, fn),
    off: (event: string, fn: Listener) => remove(event, fn),
    emit: (event: string, ...args: unknown[]) => emitted.push({ event, args }),
    io: { on: (event: string, fn: Listener) => add(`io:${event}`, fn), off: (event: string, fn: Listener) => remove(`io:${event}`, fn) },
  };
  const deliver = (event: string, args: unknown[]) => {
    for (const fn of [...(listeners.get(event) ?? [])]) fn(...args);
  };
  return {
    socket: socket as unknown as PlazaSocket,
    emitted,
    serverSends<E extends keyof ServerToClientEvents>(event: E, ...args: Parameters<ServerToClientEvents[E]>) {
      deliver(event, args);
    },
    /** The connection drops, or comes back (socket.io's own `disconnect` / `connect`). */
    setConnected(connected: boolean) {
      socket.connected = connected;
      deliver(connected ? 'connect' : 'disconnect', []);
    },
    /** A connection attempt fails (socket.io's own `connect_error`). */
    failToConnect() {
      deliver('connect_error', [new Error('xhr poll error')]);
    },
    listenerCount: (event: string) => listeners.get(event)?.size ?? 0,
  };
}

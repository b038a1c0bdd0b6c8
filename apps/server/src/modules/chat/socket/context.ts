/** What the chat's socket handlers share: the server, presence, the chat service, the onlineUsers broadcaster and the logger. */
import { CHAT_ACK_ERRORS, parsePairRoom, type AckResult } from '@plaza/contract';
import type { Counter } from 'prom-client';
import type { Logger } from '../../../lib/logger';
import type { Presence } from '../../../realtime/presence';
import type { PlazaServer, PlazaSocket } from '../../../realtime/server';
import type { GroupService } from '../groups/service';
import type { ChatService } from '../service';
import type { AudienceCache } from './audience-cache';
import type { OnlineUsersBroadcaster } from './online-users';

export interface ChatSocketContext {
  io: PlazaServer;
  presence: Presence;
  service: ChatService;
  groups: GroupService;
  onlineUsers: OnlineUsersBroadcaster;
  audience: AudienceCache;
  log: Logger;
  /** Sends over the socket answered with an error, by the error. */
  sendFailures: Counter<'error'>;
}

/**
 * Whether `userId` may see `otherId`'s presence and typing: a friend or chat partner (the security notes'
 * presence audience), with no block either way and nobody suspended.
 */
export async function sharesPresence(c: ChatSocketContext, userId: string, otherId: string): Promise<boolean> {
  const audience = (await c.audience.get([userId])).get(userId);
  return audience !== undefined && audience.has(otherId) && (await c.service.mayReach(userId, otherId));
}

export type AckError = (typeof CHAT_ACK_ERRORS)[keyof typeof CHAT_ACK_ERRORS];

/** Answers an ack only if the client passed a function (a client may pass anything). */
export function answer(ack: unknown, error?: AckError): void {
  if (typeof ack !== 'function') return;
  const result: AckResult = error ? { status: 'error', error } : { status: 'ok' };
  (ack as (r: AckResult) => void)(result);
}

/** The other member of `room` when it is `userId`'s own pair room, else null. */
export function partnerIn(room: string, userId: string): string | null {
  const pair = parsePairRoom(room);
  if (!pair || pair[0] === pair[1]) return null;
  if (pair[0] === userId) return pair[1];
  if (pair[1] === userId) return pair[0];
  return null;
}

/**
 * A socket event's listener, one for every socket of the server: socket.io calls it with the socket as
 * `this`. A closure per socket and event would cost each connected socket about a kilobyte of heap,
 * which the collector marks again and again with ten thousand sockets connected.
 */
export type SocketListener<A extends unknown[]> = (this: PlazaSocket, ...args: A) => void;

/** Runs an async handler so that a failure is logged and answers the ack instead of becoming an unhandled rejection. */
export function safely<A extends unknown[]>(
  log: Logger,
  fn: (socket: PlazaSocket, ...args: A) => Promise<void>,
  ackOf: (...args: A) => unknown,
): SocketListener<A> {
  return function (this: PlazaSocket, ...args: A) {
    fn(this, ...args).catch((err: unknown) => {
      log.error({ err }, 'chat socket handler failed');
      answer(ackOf(...args), CHAT_ACK_ERRORS.failed);
    });
  };
}

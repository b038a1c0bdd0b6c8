/** What the chat's socket handlers share: the server, presence, the chat service and the onlineUsers broadcaster. */
import { CHAT_ACK_ERRORS, parsePairRoom, type AckResult } from '@plaza/contract';
import type { AppContext } from '../../../context';
import type { Presence } from '../../../realtime/presence';
import type { PlazaServer } from '../../../realtime/server';
import type { ChatService } from '../service';
import type { OnlineUsersBroadcaster } from './online-users';

export interface ChatSocketContext {
  io: PlazaServer;
  ctx: AppContext;
  presence: Presence;
  service: ChatService;
  onlineUsers: OnlineUsersBroadcaster;
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

/** Runs an async handler so that a failure answers the ack instead of becoming an unhandled rejection. */
export function safely<A extends unknown[]>(fn: (...args: A) => Promise<void>, ackOf: (...args: A) => unknown) {
  return (...args: A) => {
    fn(...args).catch((err: unknown) => {
      console.error('chat socket handler failed', err);
      answer(ackOf(...args), CHAT_ACK_ERRORS.failed);
    });
  };
}

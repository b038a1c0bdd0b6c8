/**
 * A per-socket budget for incoming events (a token bucket), so one client cannot keep the server busy
 * with a storm of events. Over budget, an event is dropped and its ack, if any, answers an error.
 */
import { CHAT_ACK_ERRORS, type AckResult } from '@plaza/contract';
import type { Event } from 'socket.io';

export const SOCKET_EVENTS_PER_SECOND = 20;
export const SOCKET_EVENT_BURST = 40;

export function eventLimiter(perSecond = SOCKET_EVENTS_PER_SECOND, burst = SOCKET_EVENT_BURST) {
  const rate = perSecond / 1000;
  let tokens = burst;
  let at = Date.now();
  return (packet: Event, next: (err?: Error) => void) => {
    const now = Date.now();
    tokens = Math.min(burst, tokens + (now - at) * rate);
    at = now;
    if (tokens >= 1) {
      tokens -= 1;
      return next();
    }
    const ack: unknown = packet[packet.length - 1];
    if (typeof ack === 'function') (ack as (result: AckResult) => void)({ status: 'error', error: CHAT_ACK_ERRORS.rateLimited });
    // Not calling next() drops the packet; next(err) would raise an 'error' event nobody asked for.
  };
}

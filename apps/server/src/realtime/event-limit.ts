/**
 * A budget for incoming socket events per user, shared by all of that user's sockets on this process (a
 * token bucket: SOCKET_LIMITS.eventsPerSecond, bursts of eventBurst), so opening more sockets buys no
 * more events. Per process, as a Redis round trip per event would cost more than the events; a user's
 * sockets are at most SOCKET_LIMITS.perUser anyway. Over budget, an event is dropped and its ack, if
 * any, answers `rate_limited`.
 */
import { CHAT_ACK_ERRORS, SOCKET_LIMITS, type AckResult } from '@plaza/contract';
import type { Event } from 'socket.io';

interface Bucket {
  tokens: number;
  at: number;
}

export function userEventBudget(perSecond: number = SOCKET_LIMITS.eventsPerSecond, burst: number = SOCKET_LIMITS.eventBurst) {
  const rate = perSecond / 1000;
  const buckets = new Map<string, Bucket>();
  let sweptAt = Date.now();

  // A bucket idle long enough to be full again is the same as no bucket.
  function sweep(now: number) {
    const fullAfter = burst / rate;
    for (const [k, b] of buckets) if (now - b.at > fullAfter) buckets.delete(k);
    sweptAt = now;
  }

  function take(userId: string): boolean {
    const now = Date.now();
    if (now - sweptAt > 60_000) sweep(now);
    const b = buckets.get(userId) ?? { tokens: burst, at: now };
    b.tokens = Math.min(burst, b.tokens + (now - b.at) * rate);
    b.at = now;
    buckets.set(userId, b);
    if (b.tokens < 1) return false;
    b.tokens -= 1;
    return true;
  }

  /** The socket middleware (`socket.use`) for one user's socket. */
  return (userId: string) => (packet: Event, next: (err?: Error) => void) => {
    if (take(userId)) return next();
    const ack: unknown = packet[packet.length - 1];
    if (typeof ack === 'function') (ack as (result: AckResult) => void)({ status: 'error', error: CHAT_ACK_ERRORS.rateLimited });
    // Not calling next() drops the packet; next(err) would raise an 'error' event nobody asked for.
  };
}

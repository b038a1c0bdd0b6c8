/**
 * Flood control for sending messages: about five a second per user, in bursts of ten
 * (RATE_LIMITS.chatMessagesPerUser). On the app's abuse limits, so in Redis when configured: a user
 * spread over several nodes shares one budget, and a Redis outage falls back to a per-node one.
 */
import type { Limits } from '../../security/limits';

export interface FloodControl {
  /** Counts one message; returns 0 when allowed, otherwise the milliseconds until the next one is (at once without Redis). */
  take(userId: string): number | Promise<number>;
}

export function createFloodControl(limits: Limits): FloodControl {
  return { take: (userId) => limits.take('chatMessagesPerUser', userId) };
}

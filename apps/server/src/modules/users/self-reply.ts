/**
 * The body of `GET /users/me`, kept per person as the JSON string it is sent as: every signed-in page
 * asks for it, and reading the row, presenting it and serialising it cost more than the rest of the
 * request. Dropped by the events that change what it shows — a profile edit (`profileChanged`), a new
 * or verified address (`accountChanged`), a suspension or deletion (`accountStandingChanged`) — on this
 * server at once and on the others through the event relay (cache/event-invalidated-cache.ts). A role changed from
 * the operator's command line announces nothing, so nothing is kept longer than MAX_AGE_MS.
 */
import type { EventBus } from '../../lib/events';
import { EventInvalidatedCache } from '../../cache/event-invalidated-cache';

const MAX_KEPT = 50_000;
const SELF_REPLY_MAX_AGE_MS = 10_000;

export interface SelfReplies {
  /** The body when it is kept, at once (no promise on the common path); undefined when it must be read. */
  kept(userId: string): string | undefined;
  /** The body, read and kept when it was not. */
  get(userId: string): Promise<string>;
}

export function cachedSelfReplies(events: EventBus, render: (userId: string) => Promise<string>): SelfReplies {
  const kept = new EventInvalidatedCache<string, string>(events, MAX_KEPT, undefined, SELF_REPLY_MAX_AGE_MS);
  const forget = ({ userId }: { userId: string }) => kept.forget(userId);
  events.subscribe('profileChanged', forget);
  events.subscribe('accountChanged', forget);
  events.subscribe('accountStandingChanged', forget);

  return {
    kept: (userId) => kept.get(userId),
    async get(userId) {
      const body = kept.get(userId);
      if (body !== undefined) return body;
      const since = kept.begin();
      const rendered = await render(userId);
      kept.keep(userId, rendered, since);
      return rendered;
    },
  };
}

/**
 * Whether a person has a device to push to: asked for every chat message they receive, so answered from
 * memory, read once per person and dropped by `pushDevicesChanged` — on this server at once, on the others
 * through the event relay (`EventInvalidatedCache`: nothing is kept while the relay cannot hear them). Most
 * people have no device, and a chat send would otherwise pay a query for each message to learn it again.
 */
import { EventInvalidatedCache } from '../../cache/event-invalidated-cache';
import type { Db } from '../../db';
import type { EventBus } from '../../lib/events';
import { subscriptionRepo } from './repo';

/** People remembered at most; the least recently asked go first. */
const MAX_CACHED = 100_000;

export function deviceOwners(db: Db, events: EventBus) {
  const subs = subscriptionRepo(db);
  const cached = new EventInvalidatedCache<string, boolean>(events, MAX_CACHED);
  events.subscribe('pushDevicesChanged', ({ userId }) => cached.forget(userId));
  return {
    /** Answered without a promise when remembered (nearly always): a chat send pays no await for it. */
    hasAny(userId: string): boolean | Promise<boolean> {
      const known = cached.get(userId);
      if (known !== undefined) return known;
      const since = cached.begin();
      return subs.hasAny(userId).then((has) => {
        cached.keep(userId, has, since);
        return has;
      });
    },
  };
}

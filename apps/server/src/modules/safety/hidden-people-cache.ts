/**
 * Which of a list of people are hidden from a viewer (blocked either way, or suspended), for a path asked
 * on every keystroke: the shared search answer. Answered from memory: each viewer's blocks both ways and
 * each person's suspension are read once and dropped by the events that change them (`blockChanged`,
 * `accountStandingChanged`), on this server before the change is answered and on the others through the
 * event relay (`EventInvalidatedCache`: nothing is cached while the relay can't hear them). A suspension's end is
 * compared with the clock at each check, so it expires by itself.
 */
import type { Db } from '../../db';
import { preparedQuery } from '../../db/prepared';
import type { EventBus } from '../../lib/events';
import { EventInvalidatedCache } from '../../cache/event-invalidated-cache';
import { suspensionsQuery } from '../users';

/** Viewers, and people whose suspension is known, cached at most; the least recently used go first. */
const MAX_VIEWERS = 100_000;
const MAX_PEOPLE = 200_000;

export type HiddenAmong = (viewerId: string, ids: readonly string[], now: string) => Promise<Set<string>>;

export function cachedHiddenAmong(db: Db, events: EventBus): HiddenAmong {
  // The ids on the other side of the viewer's blocks, either way.
  const blocks = new EventInvalidatedCache<string, string[]>(events, MAX_VIEWERS);
  // '' when not suspended (a cached value cannot be null).
  const suspendedUntil = new EventInvalidatedCache<string, string>(events, MAX_PEOPLE);
  events.subscribe('blockChanged', ({ blockerId, blockedId }) => {
    blocks.forget(blockerId);
    blocks.forget(blockedId);
  });
  events.subscribe('accountStandingChanged', ({ userId }) => suspendedUntil.forget(userId));

  const blocksOf = preparedQuery<'viewer', [id: string]>(db, (p) =>
    db
      .selectFrom('blocks')
      .select('blocked_id as id')
      .where('blocker_id', '=', p.viewer)
      .unionAll(db.selectFrom('blocks').select('blocker_id as id').where('blocked_id', '=', p.viewer)),
  );

  async function blocksFor(viewerId: string): Promise<string[]> {
    const cached = blocks.get(viewerId);
    if (cached) return cached;
    const since = blocks.begin();
    const ids = (await blocksOf({ viewer: viewerId })).map(([id]) => id);
    blocks.keep(viewerId, ids, since);
    return ids;
  }

  /** When each person's suspension ends ('' when not suspended), reading only the ones not cached. */
  async function suspensions(ids: readonly string[]): Promise<Map<string, string>> {
    const ends = new Map<string, string>();
    const missing: string[] = [];
    for (const id of ids) {
      const until = suspendedUntil.get(id);
      if (until === undefined) missing.push(id);
      else ends.set(id, until);
    }
    if (missing.length > 0) {
      const since = suspendedUntil.begin();
      // An id that is not found (an account deleted meanwhile) is cached as not suspended: it never returns.
      const found = new Map(missing.map((id) => [id, '']));
      for (const { id, suspended_until } of await suspensionsQuery(db, missing).execute()) found.set(id, suspended_until ?? '');
      for (const [id, until] of found) {
        ends.set(id, until);
        suspendedUntil.keep(id, until, since);
      }
    }
    return ends;
  }

  return async (viewerId, ids, now) => {
    if (ids.length === 0) return new Set();
    const [blocked, ends] = await Promise.all([blocksFor(viewerId), suspensions(ids)]);
    const hidden = new Set(blocked.filter((id) => ids.includes(id)));
    for (const [id, until] of ends) if (until > now) hidden.add(id);
    return hidden;
  };
}

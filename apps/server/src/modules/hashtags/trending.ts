/**
 * The trending tags (product.md § Hashtags): the tags used by the most distinct people in the last 24
 * hours. A list is worked out at most once a minute, and sooner only after a new use (and never twice
 * within a few seconds), so asking for it mostly costs two index lookups. Everyone shares one list, except
 * people with blocks either way: each of them gets one without the people hidden from them, dropped when
 * they block or unblock someone.
 */
import { HASHTAG_LIMITS } from '@plaza/contract';
import { sql } from 'kysely';
import type { Db } from '../../db';
import type { EventBus } from '../../lib/events';
import { nowIso } from '../../lib/ids';
import { LruMap } from '../../lib/lru-map';
import { hasBlocksEitherWay, notHidden } from '../safety';
import { suspendedIdsQuery } from '../users';
import { hashtagRepo, type TagUse, type Visible } from './repo';

/** A list is served at most this long, then worked out again. */
const MAX_AGE_MS = 60_000;
/** After a new use it is worked out again, but not before it is this old. */
const MIN_AGE_MS = 5_000;
const WINDOW_MS = HASHTAG_LIMITS.trendingWindowHours * 3_600_000;
/** Lists kept for people with blocks; the least recently asked go first. */
const MAX_OWN_LISTS = 10_000;
/** The key of the list everyone without blocks shares (ids are never empty). */
const EVERYONE = '';

interface Cached {
  at: number;
  /** The latest use when it was worked out; a later one makes it stale. */
  latestUse: string | null;
  tags: TagUse[];
}

export function trendingTags(db: Db, events: EventBus) {
  const repo = hashtagRepo(db);
  const lists = new LruMap<string, Cached>({ max: MAX_OWN_LISTS + 1 });
  const running = new Map<string, Promise<TagUse[]>>();
  // A block changes who counts for both people at once (on this server; elsewhere within the minute).
  events.subscribe('blockChanged', ({ blockerId, blockedId }) => {
    lists.delete(blockerId);
    lists.delete(blockedId);
  });

  async function isFresh(entry: Cached): Promise<boolean> {
    const age = Date.now() - entry.at;
    if (age < MIN_AGE_MS) return true;
    if (age >= MAX_AGE_MS) return false;
    return (await repo.latestUse()) === entry.latestUse;
  }

  async function workOut(key: string, visible: Visible): Promise<TagUse[]> {
    const at = Date.now();
    // Read first: a use that lands while the list is worked out makes it stale.
    const latestUse = await repo.latestUse();
    const tags = await repo.trending(new Date(at - WINDOW_MS).toISOString(), visible, HASHTAG_LIMITS.trendingSize);
    lists.set(key, { at, latestUse, tags });
    return tags;
  }

  async function listFor(key: string, visible: () => Visible): Promise<TagUse[]> {
    const cached = lists.get(key);
    if (cached && (await isFresh(cached))) return cached.tags;
    let pending = running.get(key);
    if (!pending) {
      pending = workOut(key, visible()).finally(() => running.delete(key));
      running.set(key, pending);
    }
    return pending;
  }

  return async function trendingFor(viewerId: string): Promise<TagUse[]> {
    const now = nowIso();
    if (await hasBlocksEitherWay(db, viewerId)) return listFor(viewerId, () => (column) => notHidden(db, column, viewerId, now));
    // Suspended people never count; their suspension is the one rule that hides them from everyone.
    return listFor(EVERYONE, () => (column) => sql<boolean>`${sql.ref(column)} not in ${suspendedIdsQuery(db, now)}`);
  };
}

/**
 * Each user's presence audience (friends and chat partners), kept in memory for a short while so a
 * presence change does not cost a query. Short-lived because another node may change it meanwhile.
 */
import type { Db } from '../../../db';
import { LruMap } from '../../../lib/lru-map';
import { audienceRepo } from '../audience-repo';

const BATCH = 400;
/** Audiences kept at most; the least recently used go first. */
const MAX_KEPT = 100_000;

export interface AudienceCache {
  /** The audiences of `userIds`, loading the missing ones in batches. */
  get(userIds: readonly string[]): Promise<Map<string, ReadonlySet<string>>>;
  /** Records that two people now talk to each other (in the entries that are cached). */
  addPair(a: string, b: string): void;
  forget(...userIds: string[]): void;
  /** Drops the expired entries now rather than when next asked for. */
  sweep(): void;
}

export function audienceCache(db: Db, ttlMs: number): AudienceCache {
  const repo = audienceRepo(db);
  const entries = new LruMap<string, Set<string>>({ max: MAX_KEPT, ttlMs });

  return {
    async get(userIds) {
      const out = new Map<string, ReadonlySet<string>>();
      const missing: string[] = [];
      for (const id of new Set(userIds)) {
        const ids = entries.get(id);
        if (ids) out.set(id, ids);
        else missing.push(id);
      }
      for (let i = 0; i < missing.length; i += BATCH) {
        const loaded = await repo.audiencesOf(missing.slice(i, i + BATCH));
        for (const [id, ids] of loaded) {
          entries.set(id, ids);
          out.set(id, ids);
        }
      }
      return out;
    },
    addPair(a, b) {
      entries.get(a)?.add(b);
      entries.get(b)?.add(a);
    },
    forget(...userIds) {
      for (const id of userIds) entries.delete(id);
    },
    sweep() {
      entries.purgeStale();
    },
  };
}

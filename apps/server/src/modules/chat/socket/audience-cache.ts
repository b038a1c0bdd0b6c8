/**
 * Each user's presence audience (friends and chat partners), kept in memory for a short while so a
 * presence change does not cost a query. Short-lived because another node may change it meanwhile.
 */
import type { Db } from '../../../db';
import { audienceRepo } from '../audience-repo';

const BATCH = 400;

export interface AudienceCache {
  /** The audiences of `userIds`, loading the missing ones in batches. */
  get(userIds: readonly string[]): Promise<Map<string, ReadonlySet<string>>>;
  /** Records that two people now talk to each other (in the entries that are cached). */
  addPair(a: string, b: string): void;
  forget(...userIds: string[]): void;
  sweep(): void;
}

export function audienceCache(db: Db, ttlMs: number): AudienceCache {
  const repo = audienceRepo(db);
  const entries = new Map<string, { ids: Set<string>; at: number }>();
  const fresh = (id: string, now: number) => {
    const e = entries.get(id);
    return e && now - e.at < ttlMs ? e : undefined;
  };

  return {
    async get(userIds) {
      const now = Date.now();
      const out = new Map<string, ReadonlySet<string>>();
      const missing: string[] = [];
      for (const id of new Set(userIds)) {
        const e = fresh(id, now);
        if (e) out.set(id, e.ids);
        else missing.push(id);
      }
      for (let i = 0; i < missing.length; i += BATCH) {
        const loaded = await repo.audiencesOf(missing.slice(i, i + BATCH));
        for (const [id, ids] of loaded) {
          entries.set(id, { ids, at: now });
          out.set(id, ids);
        }
      }
      return out;
    },
    addPair(a, b) {
      entries.get(a)?.ids.add(b);
      entries.get(b)?.ids.add(a);
    },
    forget(...userIds) {
      for (const id of userIds) entries.delete(id);
    },
    sweep() {
      const now = Date.now();
      for (const [id, e] of entries) if (now - e.at >= ttlMs) entries.delete(id);
    },
  };
}

/**
 * How many suggestions follow a reader's timeline, remembered per reader for a short while. A feed page
 * that lies wholly inside the timeline (the common case, and the benchmarked one) only needs this number
 * for its total, and counting the candidates costs more than the page itself; pages that reach the
 * suggestions count afresh.
 */
import { LRUCache } from 'lru-cache';
import type { feedSuggestionsRepo } from './feed-suggestions-repo';

export const SUGGESTION_COUNT_TTL_MS = 60_000;

export function suggestionCountCache(repo: ReturnType<typeof feedSuggestionsRepo>) {
  const counts = new LRUCache<string, number>({ max: 20_000, ttl: SUGGESTION_COUNT_TTL_MS });
  return {
    async get(viewer: string, anchor: string, now: string, fresh: boolean): Promise<number> {
      const known = fresh ? undefined : counts.get(viewer);
      if (known !== undefined) return known;
      const n = await repo.count({ viewer, anchor, now });
      counts.set(viewer, n);
      return n;
    },
  };
}

/**
 * User search: prefix matches first (user name or full name, then a later word of the full name), each
 * found through an index, then substring matches only when those fall short of a page. A query's ranked
 * list does not depend on who asks, so it is kept for a second (SEARCH_CACHE_MS): people typing the same
 * first letters share one lookup. A rename, a suspension or a deleted account drops the cache at once, on
 * this server and (through the event relay) on the others.
 */
import { PAGE_SIZES } from '@plaza/contract';
import { LRUCache } from 'lru-cache';
import type { AppContext } from '../../context';
import { nowIso } from '../../lib/ids';
import { cachedHiddenAmong, hiddenPeopleQuery, type HiddenAmong } from '../safety';
import { searchRepo, userRepo, type PrefixKey, type PublicUserColumns, type SearchRow } from '../users';
import type { RemotePeople } from './feature';

interface Hit {
  row: SearchRow;
  /** 0 exact name, 1 name starts with the query, 2 a later word of the full name does. */
  rank: number;
  /** The matched text, so hits of one rank stay in index order. */
  key: string;
}

const restOfName = (fullNameLower: string) => fullNameLower.slice(fullNameLower.indexOf(' ') + 1);

function hitOf(row: SearchRow, q: string, via: PrefixKey): Hit {
  if (row.user_name_lower === q || row.full_name_lower === q) return { row, rank: 0, key: q };
  if (via === 'restOfName') return { row, rank: 2, key: restOfName(row.full_name_lower) };
  return { row, rank: 1, key: via === 'userName' ? row.user_name_lower : row.full_name_lower };
}

const better = (a: Hit, b: Hit) => a.rank - b.rank || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);

/** Distinct queries kept at once; each holds at most one page and a spare row. */
const CACHED_QUERIES = 2_000;

export function searchService(ctx: AppContext, remote: RemotePeople | null = null) {
  const users = userRepo(ctx.db);
  const repo = searchRepo(ctx.db, ctx.dialect);
  const max = PAGE_SIZES.searchResults;
  // One row more than a page, so the page is still full once the viewer is left out.
  const ranked = max + 1;
  const ttl = ctx.config.searchCacheMs;
  const hiddenAmong: HiddenAmong = ctx.config.without?.includes('hiddenPeopleCache')
    ? async (viewerId, ids, now) => {
        const among = new Set(ids);
        const hidden = await hiddenPeopleQuery(ctx.db, viewerId, now).execute();
        return new Set(hidden.map((r) => r.id).filter((id) => among.has(id)));
      }
    : cachedHiddenAmong(ctx.db, ctx.events);
  const cache = ttl > 0 ? new LRUCache<string, SearchRow[]>({ max: CACHED_QUERIES, ttl, perf: { now: () => Date.now() } }) : null;
  if (cache) {
    ctx.events.subscribe('profileChanged', () => cache.clear());
    ctx.events.subscribe('accountStandingChanged', () => cache.clear());
  }

  async function rank(q: string): Promise<SearchRow[]> {
    const best = new Map<string, Hit>();
    for (const { row, via } of await repo.prefixMatches(q, ranked)) {
      const hit = hitOf(row, q, via);
      const seen = best.get(row.id);
      if (!seen || better(hit, seen) < 0) best.set(row.id, hit);
    }
    const found = [...best.values()]
      .sort(better)
      .slice(0, ranked)
      .map((h) => h.row);
    if (found.length === ranked) return found;
    const more = await repo.substringMatches(
      q,
      found.map((r) => r.id),
      ranked - found.length,
    );
    return [...found, ...more];
  }

  return {
    async searchUsers(viewerId: string, query: string): Promise<PublicUserColumns[]> {
      const q = query.trim().toLowerCase();
      if (!q) return [];
      // A handle (`@name@host`) or a profile address names someone of another server: looked up there, listed first.
      const remoteId = remote?.isRemoteQuery(q) ? await remote.resolve(query) : null;
      const found: PublicUserColumns[] = remoteId ? await users.findByIds([remoteId]) : [];
      let rows = cache?.get(q);
      if (!rows) {
        rows = await rank(q);
        cache?.set(q, rows);
      }
      // The shared answer is the same for everyone; who is hidden from this viewer is theirs alone.
      const hidden = await hiddenAmong(
        viewerId,
        rows.map((r) => r.id),
        nowIso(),
      );
      const local = rows.filter((r) => r.id !== viewerId && !hidden.has(r.id));
      if (found.length && (await hiddenAmong(viewerId, [found[0].id], nowIso())).size) found.length = 0;
      return [...found, ...local].slice(0, max);
    },
  };
}
export type SearchService = ReturnType<typeof searchService>;

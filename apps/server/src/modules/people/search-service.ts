/**
 * User search: prefix matches first (user name or full name, then a later word of the full name), each
 * found through an index, then substring matches only when those fall short of a page.
 */
import { PAGE_SIZES } from '@plaza/contract';
import type { AppContext } from '../../context';
import { nowIso } from '../../lib/ids';
import { notHidden } from '../safety';
import { searchRepo, type PrefixKey, type UserRow } from '../users';

interface Hit {
  row: UserRow;
  /** 0 exact name, 1 name starts with the query, 2 a later word of the full name does. */
  rank: number;
  /** The matched text, so hits of one rank stay in index order. */
  key: string;
}

const restOfName = (fullNameLower: string) => fullNameLower.slice(fullNameLower.indexOf(' ') + 1);

function hitOf(row: UserRow, q: string, via: PrefixKey): Hit {
  if (row.user_name_lower === q || row.full_name_lower === q) return { row, rank: 0, key: q };
  if (via === 'restOfName') return { row, rank: 2, key: restOfName(row.full_name_lower) };
  return { row, rank: 1, key: via === 'userName' ? row.user_name_lower : row.full_name_lower };
}

const better = (a: Hit, b: Hit) => a.rank - b.rank || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);

export function searchService(ctx: AppContext) {
  const repo = searchRepo(ctx.db, ctx.dialect);
  const max = PAGE_SIZES.searchResults;

  return {
    async searchUsers(viewerId: string, query: string): Promise<UserRow[]> {
      const q = query.trim().toLowerCase();
      if (!q) return [];
      const keys: PrefixKey[] = ['userName', 'fullName', 'restOfName'];
      const visible = notHidden(ctx.db, 'users.id', viewerId, nowIso());
      const lists = await Promise.all(keys.map((key) => repo.prefixMatches(key, q, viewerId, max, visible)));
      const best = new Map<string, Hit>();
      lists.forEach((rows, i) => {
        for (const row of rows) {
          const hit = hitOf(row, q, keys[i]);
          const seen = best.get(row.id);
          if (!seen || better(hit, seen) < 0) best.set(row.id, hit);
        }
      });
      const found = [...best.values()]
        .sort(better)
        .slice(0, max)
        .map((h) => h.row);
      if (found.length === max) return found;
      const more = await repo.substringMatches(q, [viewerId, ...found.map((r) => r.id)], max - found.length, visible);
      return [...found, ...more];
    },
  };
}
export type SearchService = ReturnType<typeof searchService>;

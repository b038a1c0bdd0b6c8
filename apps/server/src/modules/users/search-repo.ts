/** SQL for finding people by name: indexed prefix search, substring search, and the filtered list of everyone. */
import { sql, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import type { Db, DialectName } from '../../db';
import type { Database } from '../../db/types';

/** A subquery yielding one column of user ids. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any tables and alias: only its single id column matters
export type IdSubquery = SelectQueryBuilder<Database, any, Record<string, string>>;

/** Sorts after every character, so `col >= q and col < q || TOP` is exactly "starts with q" in byte order. */
const TOP = '\u{10FFFF}';

/** Escapes LIKE wildcards with `!` (declared by every `escape '!'` below). */
export const escapeLike = (s: string) => s.replace(/[!%_]/g, (c) => `!${c}`);

export type PrefixKey = 'userName' | 'fullName' | 'restOfName';

export function searchRepo(db: Db, dialect: DialectName) {
  const pg = dialect === 'postgres';
  // These expressions match the indexes of migration 0002-people exactly, or the planners ignore them.
  const keys: Record<PrefixKey, RawBuilder<string>> = {
    userName: pg ? sql`user_name_lower collate "C"` : sql`user_name_lower`,
    fullName: pg ? sql`full_name_lower collate "C"` : sql`full_name_lower`,
    restOfName: pg
      ? sql`substr(full_name_lower, strpos(full_name_lower, ' ') + 1) collate "C"`
      : sql`substr(full_name_lower, instr(full_name_lower, ' ') + 1)`,
  };
  const like = (column: 'user_name_lower' | 'full_name_lower', pattern: string) =>
    sql<boolean>`${sql.ref(column)} like ${pattern} escape '!'`;
  /** Names containing `needle` (lower-case); on SQLite, needles of three characters or more go through FTS5 trigrams first. */
  const nameContains = (needle: string) => {
    const pattern = `%${escapeLike(needle)}%`;
    const exact = sql<boolean>`(${like('user_name_lower', pattern)} or ${like('full_name_lower', pattern)})`;
    if (pg || [...needle].length < 3) return exact;
    // A quoted FTS5 phrase is matched literally; with the trigram tokenizer that is a substring match.
    const phrase = `"${needle.replace(/"/g, '""')}"`;
    const ids = sql`select k.user_id from users_name_trigram_keys k where k.key in (select rowid from users_name_trigrams where users_name_trigrams match ${phrase})`;
    return sql<boolean>`(id in (${ids}) and ${exact})`;
  };

  return {
    /** Up to `limit` users whose `key` starts with `prefix` (lower-case), as a range scan over its index. */
    prefixMatches(key: PrefixKey, prefix: string, excludeId: string, limit: number) {
      const k = keys[key];
      return db
        .selectFrom('users')
        .selectAll()
        .where(sql<boolean>`${k} >= ${prefix} and ${k} < ${prefix + TOP}`)
        .where('id', '!=', excludeId)
        .orderBy(k)
        .limit(limit)
        .execute();
    },

    /**
     * Up to `limit` users whose user name or full name contains `needle` (lower-case), word starts first
     * ("ada lovelace", "ada.lovelace" for "love"). Needles of three characters or more go through the
     * trigram indexes (FTS5 on SQLite, pg_trgm on PostgreSQL when present); shorter ones scan.
     */
    substringMatches(needle: string, excludeIds: readonly string[], limit: number) {
      const e = escapeLike(needle);
      const wordStart = sql<number>`case when ${like('full_name_lower', `% ${e}%`)} or ${like('user_name_lower', `%.${e}%`)} or ${like('user_name_lower', `%!_${e}%`)} then 0 else 1 end`;
      return db
        .selectFrom('users')
        .selectAll()
        .where(nameContains(needle))
        .where('id', 'not in', excludeIds)
        .orderBy(wordStart)
        .orderBy('user_name_lower')
        .limit(limit)
        .execute();
    },

    /** Everyone but the viewer, optionally those whose names contain `search`, by full name. */
    /** `among`, when given, keeps only the people whose ids that one-column subquery yields (e.g. one's friends). */
    async networkPage(viewerId: string, search: string | undefined, offset: number, limit: number, among?: IdSubquery) {
      let base = db.selectFrom('users').where('id', '!=', viewerId);
      if (among) base = base.where('id', 'in', among);
      if (search) base = base.where(nameContains(search.toLowerCase()));
      const [rows, total] = await Promise.all([
        base.selectAll().orderBy('full_name_lower').orderBy('id').offset(offset).limit(limit).execute(),
        base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(total.n) };
    },
  };
}

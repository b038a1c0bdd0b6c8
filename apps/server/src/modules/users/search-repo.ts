/** SQL for finding people by name: indexed prefix search, substring search, and the filtered list of everyone. */
import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import type { Db, DialectName } from '../../db';
import { preparedQuery } from '../../db/prepared';
import type { PublicUserColumns } from './presenters';
import { trigramFrequencies } from './trigram-frequencies';

/** Sorts after every character, so `col >= q and col < q || TOP` is exactly "starts with q" in byte order. */
const TOP = '\u{10FFFF}';

/**
 * How many substring candidates are read before ranking. A substring that thousands of people share
 * ("dqvi" is in every Lindqvist) would otherwise read and sort all of them to keep 20; the first
 * SUBSTRING_CANDIDATES from the trigram index are ranked instead (docs/decisions/search.md).
 */
export const SUBSTRING_CANDIDATES = 50;

/** Escapes LIKE wildcards with `!` (declared by every `escape '!'` below). */
export const escapeLike = (s: string) => s.replace(/[!%_]/g, (c) => `!${c}`);

/** The names a query may start: the user name, the full name, a later word of the full name. */
const PREFIX_KEYS = ['userName', 'fullName', 'restOfName'] as const;
export type PrefixKey = (typeof PREFIX_KEYS)[number];

/** A condition the caller adds on `users` (the safety feature's: nobody hidden from the viewer); `true` adds none. */
type Only = Expression<SqlBool>;
const everyone: Only = sql<boolean>`true`;
/** What a search reads of each person: the public columns and the lower-case names it ranks by. */
export type SearchRow = PublicUserColumns & { user_name_lower: string; full_name_lower: string };
const SEARCH_COLUMNS = [
  'id',
  'user_name',
  'full_name',
  'avatar_url',
  'user_bio',
  'created_at',
  'user_name_lower',
  'full_name_lower',
] as const;
type SearchTuple = [string, string, string, string | null, string | null, string, string, string];
/** A search row and the index of the prefix key that found it (PREFIX_KEYS). */
type PrefixTuple = [...SearchTuple, 0 | 1 | 2];
const rowOf = (t: SearchTuple | PrefixTuple): SearchRow => ({
  id: t[0],
  user_name: t[1],
  full_name: t[2],
  avatar_url: t[3],
  user_bio: t[4],
  created_at: t[5],
  user_name_lower: t[6],
  full_name_lower: t[7],
});

const keptPlan = { keepPlan: true };

// Long: a repository; each method is one short query, sharing the index expressions made once here.
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
  const like = (column: 'user_name_lower' | 'full_name_lower', pattern: unknown) =>
    sql<boolean>`${sql.ref(column)} like ${pattern} escape '!'`;
  const containsExactly = (needle: string) => {
    const pattern = `%${escapeLike(needle)}%`;
    return sql<boolean>`(${like('user_name_lower', pattern)} or ${like('full_name_lower', pattern)})`;
  };
  /**
   * The FTS5 query for a needle: every trigram of it, quoted (matched literally) and ANDed. The table
   * keeps no positions (migration 0070), so a row may hold the trigrams apart: the LIKE that follows
   * keeps only real substrings.
   */
  const trigramsOf = (needle: string) => {
    const chars = [...needle];
    return Array.from({ length: chars.length - 2 }, (_, i) => chars.slice(i, i + 3).join(''));
  };
  const phraseOf = (needle: string) =>
    trigramsOf(needle)
      .map((t) => `"${t.replace(/"/g, '""')}"`)
      .join(' AND ');
  /** The trigram index serves needles of three characters or more. */
  const trigrams = (needle: string) => [...needle].length >= 3;

  /**
   * Ranks the people whose names contain the needle among at most SUBSTRING_CANDIDATES of them: on
   * SQLite the FTS5 trigram table finds them (three characters or more), on PostgreSQL pg_trgm's GIN
   * indexes serve the LIKE itself when installed; shorter needles scan until enough are found. Word
   * starts first ("ada lovelace", "ada.lovelace", "ada_lovelace" for "love"), then by user name.
   * Prepared once per form: one statement with the needle's patterns as parameters.
   */
  type SubstringParams = 'contains' | 'afterSpace' | 'afterDot' | 'afterUnderscore' | 'phrase' | 'trigram' | 'limit';
  type Candidates = 'fts5' | 'trigramRun' | 'scan';
  const substringQuery = (candidates: Candidates) =>
    preparedQuery<SubstringParams, SearchTuple>(
      db,
      (p) => {
        const matches = sql<boolean>`(${like('user_name_lower', p.contains)} or ${like('full_name_lower', p.contains)})`;
        const wordStart = sql<number>`case when ${like('full_name_lower', p.afterSpace)} or ${like('user_name_lower', p.afterDot)} or ${like('user_name_lower', p.afterUnderscore)} then 0 else 1 end`;
        if (candidates === 'trigramRun') {
          // One trigram's run in user-name order, each person read by key and checked against the whole
          // needle, until SUBSTRING_CANDIDATES match: the LIMIT stops the index scan (migration 0085).
          // The lateral subquery keeps the planner on that nested loop rather than a hash join of all matches.
          const found = db
            .selectFrom(sql`name_trigrams`.as('n'))
            .innerJoinLateral(
              (eb) =>
                eb
                  .selectFrom('users')
                  .select(SEARCH_COLUMNS)
                  .where(sql<boolean>`id = n.user_id`)
                  .where(matches)
                  .where('deleted_at', 'is', null)
                  .where('remote_host', 'is', null)
                  .offset(0)
                  .as('u'),
              (join) => join.onTrue(),
            )
            .selectAll('u')
            .where(sql<boolean>`n.trigram = ${p.trigram}`)
            .orderBy(sql`n.sort_name`)
            .limit(SUBSTRING_CANDIDATES);
          return db.selectFrom(found.as('c')).select(SEARCH_COLUMNS).orderBy(wordStart).orderBy('user_name_lower').limit(p.limit);
        }
        const ids =
          candidates === 'fts5'
            ? sql`select k.user_id from users_name_trigram_keys k where k.key in (select rowid from users_name_trigrams where users_name_trigrams match ${p.phrase} limit ${SUBSTRING_CANDIDATES})`
            : sql`select id from users where ${matches} limit ${SUBSTRING_CANDIDATES}`;
        return db
          .selectFrom('users')
          .select(SEARCH_COLUMNS)
          .where(sql<boolean>`id in (${ids})`)
          .where(matches)
          .where('deleted_at', 'is', null)
          .where('remote_host', 'is', null)
          .orderBy(wordStart)
          .orderBy('user_name_lower')
          .limit(p.limit);
      },
      // The trigram run is read by key whatever the needle: one plan serves every search.
      candidates === 'trigramRun' ? keptPlan : {},
    );
  const substringQueries = { indexed: substringQuery(pg ? 'trigramRun' : 'fts5'), scanned: substringQuery('scan') };
  const frequencies = pg ? trigramFrequencies(db) : null;

  /** Every name containing `needle`, for filtered lists that page through all of them. */
  const nameContains = (needle: string) => {
    const exact = containsExactly(needle);
    if (pg || !trigrams(needle)) return exact;
    const ids = sql`select k.user_id from users_name_trigram_keys k where k.key in (select rowid from users_name_trigrams where users_name_trigrams match ${phraseOf(needle)})`;
    return sql<boolean>`(id in (${ids}) and ${exact})`;
  };

  /**
   * The three prefix lookups in one statement (one round trip on PostgreSQL), each branch read in order
   * straight from its index and cut at `limit`; every row says which one found it. Three range scans
   * whatever the prefix: PostgreSQL may keep one plan for it instead of planning it on every keystroke.
   */
  const prefixQuery = preparedQuery<'from' | 'to' | 'limit', PrefixTuple>(
    db,
    (p) => {
      const branch = (key: PrefixKey) =>
        db
          .selectFrom(
            db
              .selectFrom('users')
              .select([...SEARCH_COLUMNS, sql<number>`${sql.lit(PREFIX_KEYS.indexOf(key))}`.as('via')])
              .where(sql<boolean>`${keys[key]} >= ${p.from} and ${keys[key]} < ${p.to}`)
              .where('deleted_at', 'is', null)
              .where('remote_host', 'is', null)
              .orderBy(keys[key])
              .limit(p.limit)
              .as(key),
          )
          .selectAll();
      return branch('userName').unionAll(branch('fullName')).unionAll(branch('restOfName'));
    },
    keptPlan,
  );

  return {
    /**
     * Up to `limit` users per key whose user name, full name or a later word of the full name starts with
     * `prefix` (lower-case), each read as a range scan over its index; a person may come once per key.
     */
    async prefixMatches(prefix: string, limit: number): Promise<Array<{ row: SearchRow; via: PrefixKey }>> {
      const rows = await prefixQuery({ from: prefix, to: prefix + TOP, limit });
      return rows.map((t) => ({ row: rowOf(t), via: PREFIX_KEYS[t[8]] }));
    },

    /**
     * Up to `limit` users whose user name or full name contains `needle` (lower-case) and who are not in
     * `excludeIds`, word starts first, ranked among the first SUBSTRING_CANDIDATES found.
     */
    async substringMatches(needle: string, excludeIds: readonly string[], limit: number): Promise<SearchRow[]> {
      const e = escapeLike(needle);
      const query = trigrams(needle) ? substringQueries.indexed : substringQueries.scanned;
      // The excluded (already found by prefix) are among the first `limit + excluded` rows at most.
      const rows = await query({
        contains: `%${e}%`,
        afterSpace: `% ${e}%`,
        afterDot: `%.${e}%`,
        afterUnderscore: `%!_${e}%`,
        phrase: pg ? '' : phraseOf(needle),
        trigram: frequencies && trigrams(needle) ? await frequencies.rarest(trigramsOf(needle)) : '',
        limit: limit + excludeIds.length,
      });
      const excluded = new Set(excludeIds);
      return rows
        .map(rowOf)
        .filter((r) => !excluded.has(r.id))
        .slice(0, limit);
    },

    /** Everyone but the viewer, optionally those whose names contain `search`, by full name. */
    async networkPage(viewerId: string, search: string | undefined, offset: number, limit: number, only: Only = everyone) {
      let base = db.selectFrom('users').where('id', '!=', viewerId).where('deleted_at', 'is', null).where(only);
      if (search) base = base.where(nameContains(search.toLowerCase()));
      const [rows, total] = await Promise.all([
        base.selectAll().orderBy('full_name_lower').orderBy('id').offset(offset).limit(limit).execute(),
        base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(total.n) };
    },
  };
}

/**
 * The home feed's reads, prepared once (db/prepared.ts explains why: on this hot path Kysely's per-call
 * build and compile cost more than the statements, and no library prepares Kysely queries): who is
 * reading, and one page of post ids with the reader's own marks on each, from the timeline read model
 * (timeline-read-model.ts). Everything else about a post comes from the rendered posts kept by
 * cache/post-cache.ts. What other features own comes in through their query pieces (users, people, reactions).
 */
import { MAX_PAGE_LIMIT } from '@plaza/contract';
import { PostgresAdapter, sql } from 'kysely';
import type { Db } from '../../db';
import { preparedQuery, type Placeholders, type PreparedQuery } from '../../db/prepared';
import { feedHiddenPeopleQuery } from '../safety';
import { PUBLIC_USER_COLUMNS, publicUsers, userNameLowerOf, type PublicUserColumns } from '../users';
import type { PostBodyColumns } from './presenters';
import { REACTION_COUNTER_COLUMNS } from './reaction-columns';

/** One post of a page, as an array in select order. */
export type PostPageRow = readonly [
  id: string,
  /** The reader's reaction kinds as a bit set in REACTION_TYPES order. */
  readerKinds: number | null,
  readerFavorite: number,
];

/** `userNameLower` is null when the reader's account is gone. */
type FeedReaderRow = readonly [userNameLower: string | null, size: number | null, newer: number | null];

/** The reader's columns, then one post of the page (all null when the page is empty). */
type ReaderAndPageRow = readonly [
  userNameLower: string | null,
  size: number | null,
  newer: number | null,
  id: string | null,
  readerKinds: number | null,
  readerFavorite: number | null,
];

interface PageValues {
  reader: string;
  anchor: string;
  offset: number;
  now: string;
}

export interface ReaderAndPage {
  userNameLower: string | null;
  /** The timeline's rows up to the anchor. */
  timelineTotal: number;
  /** The timeline's rows beyond the anchor. */
  newer: number;
  rows: PostPageRow[];
}

const totalOf = (size: number | null, newer: number | null) => Math.max(0, Number(size ?? 0) - Number(newer ?? 0));

/** What a post is rendered from (cache/post-cache.ts). */
export interface PostToRender {
  post: PostBodyColumns;
  author: PublicUserColumns;
}

const POST_COLUMNS = [
  'id',
  'content',
  'media',
  'created_at',
  'edited_at',
  'comments_count',
  'link_preview',
  ...REACTION_COUNTER_COLUMNS,
] as const;
const AUTHOR_COLUMNS = PUBLIC_USER_COLUMNS;

/** Names the array row of `postsToRender`, whose select list is POST_COLUMNS then AUTHOR_COLUMNS. */
function toRender(row: readonly unknown[]): PostToRender {
  const named = (columns: readonly string[], from: number) => Object.fromEntries(columns.map((c, i) => [c, row[from + i]]));
  return { post: named(POST_COLUMNS, 0) as PostBodyColumns, author: named(AUTHOR_COLUMNS, POST_COLUMNS.length) as PublicUserColumns };
}

/**
 * One prepared statement per size (1 to MAX_PAGE_LIMIT) written into the SQL: a page's LIMIT (SQLite
 * runs a literal LIMIT about twice as fast as a bound one), or the number of ids in an IN list.
 */
export function perSize<N extends string, Row extends readonly unknown[]>(prepare: (size: number) => PreparedQuery<N, Row>) {
  const bySize = new Map<number, PreparedQuery<N, Row>>();
  return (size: number): PreparedQuery<N, Row> => {
    if (!Number.isSafeInteger(size) || size < 1 || size > MAX_PAGE_LIMIT) throw new RangeError(`Size out of range: ${size}`);
    let query = bySize.get(size);
    if (!query) bySize.set(size, (query = prepare(size)));
    return query;
  };
}

/**
 * The page's statements have one good plan whatever the values (ranges and lookups of primary keys);
 * PostgreSQL planned them for each request's values at several times the cost of running them.
 */
const KEEP_PLAN = { keepPlan: true };

// Long: a repository; each method is one short query, sharing the statements prepared once here.
export function feedPageRepo(db: Db) {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const renderQuery = perSize((count) =>
    preparedQuery<`i${number}`, readonly unknown[]>(
      db,
      (p) =>
        db
          .selectFrom('posts as p')
          .innerJoin(publicUsers(db).as('u'), 'u.id', 'p.author_id')
          .select([...POST_COLUMNS.map((c) => `p.${c}` as const), ...AUTHOR_COLUMNS.map((c) => `u.${c}` as const)])
          .where(
            'p.id',
            'in',
            Array.from({ length: count }, (_, i) => p[`i${i}`]),
          ),
      KEEP_PLAN,
    ),
  );
  /** The reader's timeline up to the anchor, newest first, from `offset`: one range of its primary key. */
  const timelineRange = (p: Placeholders<'reader' | 'anchor' | 'offset' | 'now'>, limit: number) =>
    db
      .selectFrom('feed_items')
      .select(['post_id', 'reader_kinds', 'reader_favorite'])
      .where('owner_id', '=', p.reader)
      .where('post_id', '<=', p.anchor)
      // Muted and suspended friends' posts stay on the timeline and are skipped here (blocked people are never friends).
      .where((eb) => {
        const hidden = db
          .selectFrom('posts')
          .select('id')
          .where('author_id', 'in', feedHiddenPeopleQuery(db, p.reader, p.now));
        // PostgreSQL sizes a NOT IN's hash table by its guess of the hidden posts (tens of thousands in a
        // plan made once) and built it for every page; an array of the few there are costs next to nothing.
        return postgres ? sql<boolean>`${eb.ref('post_id')} <> all(array(${hidden}))` : eb('post_id', 'not in', hidden);
      })
      .orderBy('post_id', 'desc')
      .limit(sql.lit(limit))
      .offset(p.offset);

  /** Who is reading: their name, their timeline's stored size and how many of its rows are newer than the anchor. */
  const readerColumns = (p: Placeholders<'reader' | 'anchor'>) =>
    db.selectNoFrom((eb) => [
      userNameLowerOf(db, p.reader).as('user_name_lower'),
      eb.selectFrom('feed_sizes').select('size').where('owner_id', '=', p.reader).as('size'),
      eb
        .selectFrom('feed_items')
        .select((f) => f.fn.countAll<number>().as('n'))
        .where('owner_id', '=', p.reader)
        .where('post_id', '>', p.anchor)
        .as('newer'),
    ]);

  const readerQuery = preparedQuery<'reader' | 'anchor', FeedReaderRow>(db, readerColumns, KEEP_PLAN);
  const timelineQuery = perSize((limit) =>
    preparedQuery<'reader' | 'anchor' | 'offset' | 'now', PostPageRow>(db, (p) => timelineRange(p, limit), KEEP_PLAN),
  );
  /**
   * PostgreSQL: the reader and their page in one statement, one row per post (one row with no post when
   * the page is empty), the reader's columns repeated on each. Every round trip through the driver costs
   * the server more than PostgreSQL takes to run the statement, and a feed page used to make two here.
   * The page is read only when it starts inside the timeline, as on SQLite.
   */
  const readerAndPageQuery = perSize((limit) =>
    preparedQuery<'reader' | 'anchor' | 'offset' | 'now', ReaderAndPageRow>(
      db,
      (p) =>
        db
          // Materialized: folded into the page's condition, the reader's lookups would run twice.
          .with(
            (w) => w('r').materialized(),
            () => readerColumns(p),
          )
          .selectFrom('r')
          .leftJoinLateral(
            () =>
              timelineRange(p, limit)
                .where(sql<boolean>`${p.offset} < coalesce(${sql.ref('r.size')}, 0) - coalesce(${sql.ref('r.newer')}, 0)`)
                .as('t'),
            (join) => join.onTrue(),
          )
          .select(['r.user_name_lower', 'r.size', 'r.newer', 't.post_id', 't.reader_kinds', 't.reader_favorite']),
      KEEP_PLAN,
    ),
  );

  /** SQLite: the same as two statements, each as fast as SQLite runs it; the page only when it starts inside the timeline. */
  async function readerThenPage(limit: number, values: PageValues): Promise<ReaderAndPage> {
    const [reader] = await readerQuery(values);
    if (!reader || reader[0] === null) return { userNameLower: null, timelineTotal: 0, newer: 0, rows: [] };
    const timelineTotal = totalOf(reader[1], reader[2]);
    const rows = values.offset < timelineTotal ? await timelineQuery(limit)(values) : [];
    return { userNameLower: reader[0], timelineTotal, newer: Number(reader[2] ?? 0), rows };
  }

  async function inOneStatement(limit: number, values: PageValues): Promise<ReaderAndPage> {
    const found = await readerAndPageQuery(limit)(values);
    const first = found[0];
    if (!first || first[0] === null) return { userNameLower: null, timelineTotal: 0, newer: 0, rows: [] };
    const rows: PostPageRow[] = [];
    for (const r of found) if (r[3] !== null) rows.push([r[3], r[4], r[5] ?? 0]);
    return { userNameLower: first[0], timelineTotal: totalOf(first[1], first[2]), newer: Number(first[2] ?? 0), rows };
  }

  return {
    /** The posts with their authors' public columns, to render them. */
    async postsToRender(ids: readonly string[]): Promise<PostToRender[]> {
      const rows = await renderQuery(ids.length)(Object.fromEntries(ids.map((id, i) => [`i${i}`, id])));
      return rows.map(toRender);
    },

    /**
     * The reader's name (null when their account is gone, to check `{authUser}`), how many rows their
     * timeline holds up to the anchor, and the page of it starting at `offset` (empty when the offset
     * lies beyond the timeline, where suggestions take over).
     */
    readerAndPage: postgres ? inOneStatement : readerThenPage,
  };
}

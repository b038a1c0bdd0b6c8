/**
 * The home feed's reads, prepared once (db/prepared.ts explains why: on this hot path Kysely's per-call
 * build and compile cost more than the statements, and no library prepares Kysely queries): who is
 * reading, and one page of post ids with the reader's own marks on each, from the timeline read model
 * (timeline-read-model.ts). Everything else about a post comes from the rendered posts kept by
 * post-json.ts. What other features own comes in through their query pieces (users, people, reactions).
 */
import { MAX_PAGE_LIMIT } from '@plaza/contract';
import { PostgresAdapter, sql } from 'kysely';
import type { Db } from '../../db';
import { preparedQuery, type PreparedQuery } from '../../db/prepared';
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
export type FeedReaderRow = readonly [userNameLower: string | null, size: number | null, newer: number | null];

/** What a post is rendered from (post-json.ts). */
export interface PostToRender {
  post: PostBodyColumns;
  author: PublicUserColumns;
}

const POST_COLUMNS = ['id', 'content', 'media', 'created_at', 'edited_at', 'comments_count', ...REACTION_COUNTER_COLUMNS] as const;
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
  const timelineQuery = perSize((limit) =>
    preparedQuery<'reader' | 'anchor' | 'offset' | 'now', PostPageRow>(
      db,
      (p) =>
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
          .offset(p.offset),
      KEEP_PLAN,
    ),
  );

  return {
    /** The posts with their authors' public columns, to render them. */
    async postsToRender(ids: readonly string[]): Promise<PostToRender[]> {
      const rows = await renderQuery(ids.length)(Object.fromEntries(ids.map((id, i) => [`i${i}`, id])));
      return rows.map(toRender);
    },

    /**
     * The reader's name (to check `{authUser}`), and their timeline's stored size and how many of its
     * items are newer than the anchor.
     */
    reader: preparedQuery<'user' | 'anchor', FeedReaderRow>(
      db,
      (p) =>
        db.selectNoFrom((eb) => [
          userNameLowerOf(db, p.user).as('user_name_lower'),
          eb.selectFrom('feed_sizes').select('size').where('owner_id', '=', p.user).as('size'),
          eb
            .selectFrom('feed_items')
            .select((f) => f.fn.countAll<number>().as('n'))
            .where('owner_id', '=', p.user)
            .where('post_id', '>', p.anchor)
            .as('newer'),
        ]),
      KEEP_PLAN,
    ),

    /** A page of the reader's timeline up to the anchor, newest first: one range of its primary key. */
    timelinePage: (limit: number, values: { reader: string; anchor: string; offset: number; now: string }) => timelineQuery(limit)(values),
  };
}

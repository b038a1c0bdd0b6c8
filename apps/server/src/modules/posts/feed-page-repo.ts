/**
 * The home feed's reads, prepared once (db/prepared.ts): who is reading, and one page of post ids with
 * the reader's own marks on each. Everything else about a post comes from the rendered posts kept by
 * post-json.ts.
 */
import { MAX_PAGE_LIMIT } from '@plaza/contract';
import { sql } from 'kysely';
import type { Db } from '../../db';
import { preparedQuery, type PreparedQuery } from '../../db/prepared';
import { REACTION_COUNTER_COLUMNS } from './reaction-columns';
import type { PublicUserColumns } from '../users/presenters';
import type { PostBodyColumns } from './presenters';
import { viewerFavoriteOn, viewerKindsOn } from './viewer-marks';

/** One post of a page, as an array in select order. */
export type PostPageRow = readonly [
  id: string,
  /** The reader's reaction kinds as a bit set in REACTION_TYPES order. */
  readerKinds: number | null,
  readerFavorite: number,
];

export type FeedReaderRow = readonly [userNameLower: string, size: number | null, newer: number | null, hasFriends: number];

/** What a post is rendered from (post-json.ts). */
export interface PostToRender {
  post: PostBodyColumns;
  author: PublicUserColumns;
}

const POST_COLUMNS = ['id', 'content', 'media', 'created_at', 'comments_count', ...REACTION_COUNTER_COLUMNS] as const;
const AUTHOR_COLUMNS = ['id', 'user_name', 'full_name', 'avatar_url', 'user_bio', 'created_at'] as const;

/** Names the array row of `postsToRender`, whose select list is POST_COLUMNS then AUTHOR_COLUMNS. */
function toRender(row: readonly unknown[]): PostToRender {
  const named = (columns: readonly string[], from: number) => Object.fromEntries(columns.map((c, i) => [c, row[from + i]]));
  return { post: named(POST_COLUMNS, 0) as PostBodyColumns, author: named(AUTHOR_COLUMNS, POST_COLUMNS.length) as PublicUserColumns };
}

/**
 * One prepared statement per size (1 to MAX_PAGE_LIMIT) written into the SQL: a page's LIMIT (SQLite
 * runs a literal LIMIT about twice as fast as a bound one), or the number of ids in an IN list.
 */
function perSize<N extends string, Row extends readonly unknown[]>(prepare: (size: number) => PreparedQuery<N, Row>) {
  const bySize = new Map<number, PreparedQuery<N, Row>>();
  return (size: number): PreparedQuery<N, Row> => {
    if (!Number.isSafeInteger(size) || size < 1 || size > MAX_PAGE_LIMIT) throw new RangeError(`Size out of range: ${size}`);
    let query = bySize.get(size);
    if (!query) bySize.set(size, (query = prepare(size)));
    return query;
  };
}

export function feedPageRepo(db: Db) {
  const renderQuery = perSize((count) =>
    preparedQuery<`i${number}`, readonly unknown[]>(db, (p) =>
      db
        .selectFrom('posts as p')
        .innerJoin('users as u', 'u.id', 'p.author_id')
        .select([...POST_COLUMNS.map((c) => `p.${c}` as const), ...AUTHOR_COLUMNS.map((c) => `u.${c}` as const)])
        .where(
          'p.id',
          'in',
          Array.from({ length: count }, (_, i) => p[`i${i}`]),
        ),
    ),
  );
  const timelineQuery = perSize((limit) =>
    preparedQuery<'reader' | 'anchor' | 'offset', PostPageRow>(db, (p) =>
      db
        .selectFrom('feed_items')
        .select(['post_id', 'reader_kinds', 'reader_favorite'])
        .where('owner_id', '=', p.reader)
        .where('post_id', '<=', p.anchor)
        .orderBy('post_id', 'desc')
        .limit(sql.lit(limit))
        .offset(p.offset),
    ),
  );
  const everyoneQuery = perSize((limit) =>
    preparedQuery<'viewer' | 'anchor' | 'offset', PostPageRow>(db, (p) =>
      db
        .selectFrom('posts as p')
        .select(['p.id', viewerKindsOn('p.id', p.viewer).as('viewer_kinds'), viewerFavoriteOn('p.id', p.viewer).as('viewer_favorite')])
        .where('p.id', '<=', p.anchor)
        .orderBy('p.id', 'desc')
        .limit(sql.lit(limit))
        .offset(p.offset),
    ),
  );

  return {
    /** The posts with their authors' public columns, to render them. */
    async postsToRender(ids: readonly string[]): Promise<PostToRender[]> {
      const rows = await renderQuery(ids.length)(Object.fromEntries(ids.map((id, i) => [`i${i}`, id])));
      return rows.map(toRender);
    },

    /**
     * The reader's name (to check `{authUser}`), whether they have any friend, and their timeline's
     * stored size and how many of its items are newer than the anchor.
     */
    reader: preparedQuery<'user' | 'anchor', FeedReaderRow>(db, (p) =>
      db
        .selectFrom('users')
        .select((eb) => [
          'user_name_lower',
          eb.selectFrom('feed_sizes').select('size').where('owner_id', '=', p.user).as('size'),
          eb
            .selectFrom('feed_items')
            .select((f) => f.fn.countAll<number>().as('n'))
            .where('owner_id', '=', p.user)
            .where('post_id', '>', p.anchor)
            .as('newer'),
          eb
            .case()
            .when(
              eb.or([
                eb.exists(eb.selectFrom('connections').select('id').where('user_low', '=', p.user).where('status', '=', 'accepted')),
                eb.exists(eb.selectFrom('connections').select('id').where('user_high', '=', p.user).where('status', '=', 'accepted')),
              ]),
            )
            .then(1)
            .else(0)
            .end()
            .as('has_friends'),
        ])
        .where('id', '=', p.user),
    ),

    /** A page of the reader's timeline up to the anchor, newest first: one range of its primary key. */
    timelinePage: (limit: number, values: { reader: string; anchor: string; offset: number }) => timelineQuery(limit)(values),

    /** A page of everyone's posts up to the anchor, newest first (the feed of someone without friends). */
    everyonePage: (limit: number, values: { viewer: string; anchor: string; offset: number }) => everyoneQuery(limit)(values),
  };
}
export type FeedPageRepo = ReturnType<typeof feedPageRepo>;

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
import { viewerFavoriteOn, viewerKindsOn } from './viewer-marks';

/** One post of a page, as an array in select order. */
export type PostPageRow = readonly [
  id: string,
  /** The reader's reaction kinds as a bit set in REACTION_TYPES order. */
  readerKinds: number | null,
  readerFavorite: number,
];

export type FeedReaderRow = readonly [userNameLower: string, size: number | null, newer: number | null, hasFriends: number];

/** What a post is rendered from (post-json.ts), as an array in select order; counters in REACTION_TYPES order. */
export type PostRenderRow = readonly [
  id: string,
  authorId: string,
  content: string,
  media: string,
  createdAt: string,
  ...reactionCounters: [number, number, number, number, number, number],
  commentsCount: number,
  userName: string,
  fullName: string,
  avatarUrl: string | null,
  userBio: string | null,
  authorCreatedAt: string,
];

/**
 * One prepared statement per page size, the size written into the SQL: SQLite runs a page with a literal
 * LIMIT about twice as fast as with a bound one. Sizes are at most MAX_PAGE_LIMIT.
 */
function perPageSize<N extends string>(prepare: (limit: number) => PreparedQuery<N, PostPageRow>) {
  const bySize = new Map<number, PreparedQuery<N, PostPageRow>>();
  return (limit: number, values: Readonly<Record<N, unknown>>): Promise<PostPageRow[]> => {
    if (!Number.isSafeInteger(limit) || limit < 1 || limit > MAX_PAGE_LIMIT) throw new RangeError(`Page size out of range: ${limit}`);
    let query = bySize.get(limit);
    if (!query) bySize.set(limit, (query = prepare(limit)));
    return query(values);
  };
}

/** One prepared statement per number of ids (at most MAX_PAGE_LIMIT), the ids bound one by one. */
function perIdCount<R extends readonly unknown[]>(prepare: (count: number) => PreparedQuery<`i${number}`, R>) {
  const byCount = new Map<number, PreparedQuery<`i${number}`, R>>();
  return (ids: readonly string[]): Promise<R[]> => {
    if (ids.length < 1 || ids.length > MAX_PAGE_LIMIT) throw new RangeError(`Id count out of range: ${ids.length}`);
    let query = byCount.get(ids.length);
    if (!query) byCount.set(ids.length, (query = prepare(ids.length)));
    return query(Object.fromEntries(ids.map((id, i) => [`i${i}`, id])));
  };
}

export function feedPageRepo(db: Db) {
  return {
    /** The posts with their authors' public columns, to render them. */
    postsToRender: perIdCount((count) =>
      preparedQuery<`i${number}`, PostRenderRow>(db, (p) =>
        db
          .selectFrom('posts as p')
          .innerJoin('users as u', 'u.id', 'p.author_id')
          .select(['p.id', 'p.author_id', 'p.content', 'p.media', 'p.created_at', ...REACTION_COUNTER_COLUMNS.map((c) => `p.${c}` as const), 'p.comments_count'])
          .select(['u.user_name', 'u.full_name', 'u.avatar_url', 'u.user_bio', 'u.created_at as author_created_at'])
          .where(
            'p.id',
            'in',
            Array.from({ length: count }, (_, i) => p[`i${i}`]),
          ),
      ),
    ),

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
          eb.selectFrom('feed_items').select((f) => f.fn.countAll<number>().as('n')).where('owner_id', '=', p.user).where('post_id', '>', p.anchor).as('newer'),
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
    timelinePage: perPageSize((limit) =>
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
    ),

    /** A page of everyone's posts up to the anchor, newest first (the feed of someone without friends). */
    everyonePage: perPageSize((limit) =>
      preparedQuery<'viewer' | 'anchor' | 'offset', PostPageRow>(db, (p) =>
        db
          .selectFrom('posts as p')
          .select(['p.id', viewerKindsOn('p.id', p.viewer).as('viewer_kinds'), viewerFavoriteOn('p.id', p.viewer).as('viewer_favorite')])
          .where('p.id', '<=', p.anchor)
          .orderBy('p.id', 'desc')
          .limit(sql.lit(limit))
          .offset(p.offset),
      ),
    ),
  };
}
export type FeedPageRepo = ReturnType<typeof feedPageRepo>;

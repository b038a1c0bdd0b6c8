/**
 * The home feed's reads, prepared once (db/prepared.ts): who is reading, and one page of posts with what
 * changes from one read to the next (counters, the author's profile revision, the reader's own
 * reactions and favorite mark). What never changes about a post is rendered once (post-json.ts).
 */
import { MAX_PAGE_LIMIT } from '@plaza/contract';
import type { Db } from '../../db';
import { sql } from 'kysely';
import { preparedQuery, type PreparedQuery } from '../../db/prepared';
import { REACTION_COUNTER_COLUMNS } from './reaction-columns';
import { viewerKindBits } from './reaction-bits';

/**
 * One post of a page, as an array in select order: everything about it that may differ between two
 * reads. The reaction counters come in REACTION_TYPES order.
 */
export type PostPageRow = readonly [
  id: string,
  ...reactionCounters: [number, number, number, number, number, number],
  commentsCount: number,
  authorRevision: number,
  /** The viewer's reaction kinds as a bit set in REACTION_TYPES order. */
  viewerKinds: number | null,
  viewerFavorite: number,
];
export const PAGE_ROW = { id: 0, firstCounter: 1, commentsCount: 7, authorRevision: 8, viewerKinds: 9, viewerFavorite: 10 } as const;

export type FeedReaderRow = readonly [userNameLower: string, size: number | null, newer: number | null, hasFriends: number];

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

export function feedPageRepo(db: Db) {
  /** The per-read columns of PostPageRow up to the viewer's, all in posts_counters_idx. */
  const pagePosts = () =>
    db.selectFrom('posts as p').select(['p.id', ...REACTION_COUNTER_COLUMNS.map((c) => `p.${c}` as const), 'p.comments_count', 'p.author_revision']);

  return {
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

    /**
     * A page of the reader's timeline up to the anchor, newest first: one range of its primary key,
     * offset before anything is joined, so page 5 joins ten posts, not fifty.
     */
    timelinePage: perPageSize((limit) =>
      preparedQuery<'reader' | 'anchor' | 'offset', PostPageRow>(db, (p) =>
        pagePosts()
          .innerJoin(
            db
              .selectFrom('feed_items')
              .select(['post_id', 'reader_kinds', 'reader_favorite'])
              .where('owner_id', '=', p.reader)
              .where('post_id', '<=', p.anchor)
              .orderBy('post_id', 'desc')
              .limit(sql.lit(limit))
              .offset(p.offset)
              .as('t'),
            't.post_id',
            'p.id',
          )
          // The reader's own marks come with the timeline row.
          .select(['t.reader_kinds', 't.reader_favorite'])
          .orderBy('t.post_id', 'desc'),
      ),
    ),

    /** A page of everyone's posts up to the anchor, newest first (the feed of someone without friends). */
    everyonePage: perPageSize((limit) =>
      preparedQuery<'viewer' | 'anchor' | 'offset', PostPageRow>(db, (p) =>
        pagePosts()
          .innerJoin(db.selectFrom('posts').select('id').where('id', '<=', p.anchor).orderBy('id', 'desc').limit(sql.lit(limit)).offset(p.offset).as('t'), 't.id', 'p.id')
          .select((eb) => [
            eb.selectFrom('post_reactions as r').select(viewerKindBits.as('bits')).whereRef('r.post_id', '=', 'p.id').where('r.user_id', '=', p.viewer).as('viewer_kinds'),
            eb
              .case()
              .when(eb.exists(eb.selectFrom('post_favorites as f').select('f.user_id').whereRef('f.post_id', '=', 'p.id').where('f.user_id', '=', p.viewer)))
              .then(1)
              .else(0)
              .end()
              .as('viewer_favorite'),
          ])
          .orderBy('t.id', 'desc'),
      ),
    ),
  };
}
export type FeedPageRepo = ReturnType<typeof feedPageRepo>;

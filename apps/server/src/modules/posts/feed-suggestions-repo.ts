/**
 * The "Suggested for you" part of the home feed (docs/decisions/feed-suggestions.md): recent posts by
 * people who are neither the reader nor a friend, friends of friends first, then popular posts, then the
 * rest, each newest first. Read from `posts` (not the timeline read model), among the SUGGESTION_WINDOW
 * latest such posts up to the feed's anchor, so the ranking is settled by the anchor and stays put while
 * someone pages, and a page costs a bounded scan.
 */
import { sql } from 'kysely';
import type { Db } from '../../db';
import { preparedQuery } from '../../db/prepared';
import { friendIdsQuery, friendsOfFriendsQuery } from '../people';
import { viewerKindsOn } from '../reactions';
import { notFeedHidden } from '../safety';
import { perSize, type PostPageRow } from './feed-page-repo';
import { REACTION_COUNTER_COLUMNS } from './reaction-columns';
import { viewerFavoriteOn } from './viewer-marks';

/** How many of the latest posts suggestions are drawn from. */
export const SUGGESTION_WINDOW = 1000;
/** Reactions plus comments from which a post counts as popular. */
export const POPULAR_AT = 3;

export function feedSuggestionsRepo(db: Db) {
  /**
   * The candidates up to the anchor, newest first: not the viewer's, not a friend's, and nobody the
   * viewer's feed leaves out (blocked either way, muted, suspended; safety's rule). Deleted accounts
   * have no posts left.
   */
  const candidates = (viewer: string, anchor: string, now: string) =>
    db
      .selectFrom('posts')
      .select([
        'id',
        'author_id',
        sql<number>`${sql.join(
          REACTION_COUNTER_COLUMNS.map((c) => sql.ref(c)),
          sql` + `,
        )} + comments_count`.as('engagement'),
      ])
      .where('id', '<=', anchor)
      .where('author_id', '!=', viewer)
      .where('author_id', 'not in', friendIdsQuery(db, viewer))
      .where(notFeedHidden(db, 'author_id', viewer, now))
      .orderBy('id', 'desc')
      .limit(sql.lit(SUGGESTION_WINDOW));

  const pageQuery = perSize((limit) =>
    preparedQuery<'viewer' | 'anchor' | 'offset' | 'now', PostPageRow>(db, (p) =>
      db
        .selectFrom(candidates(p.viewer, p.anchor, p.now).as('c'))
        .select(['c.id', viewerKindsOn('c.id', p.viewer).as('viewer_kinds'), viewerFavoriteOn('c.id', p.viewer).as('viewer_favorite')])
        .orderBy(
          (eb) =>
            eb
              .case()
              .when('c.author_id', 'in', friendsOfFriendsQuery(db, p.viewer))
              .then(0)
              .when('c.engagement', '>=', sql.lit(POPULAR_AT))
              .then(1)
              .else(2)
              .end(),
          'asc',
        )
        .orderBy('c.id', 'desc')
        .limit(sql.lit(limit))
        .offset(p.offset),
    ),
  );

  const countQuery = preparedQuery<'viewer' | 'anchor' | 'now', readonly [n: number]>(db, (p) =>
    db.selectFrom(candidates(p.viewer, p.anchor, p.now).as('c')).select((eb) => eb.fn.countAll<number>().as('n')),
  );

  return {
    page: (limit: number, values: { viewer: string; anchor: string; offset: number; now: string }) => pageQuery(limit)(values),
    async count(values: { viewer: string; anchor: string; now: string }): Promise<number> {
      const [row] = await countQuery(values);
      return Number(row?.[0] ?? 0);
    },
  };
}

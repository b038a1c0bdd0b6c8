/**
 * The counters on a post row: reaction counts per kind and the comment count. The reactions and comments
 * features move them through the posts feature's API, inside their own transaction, so a counter always
 * agrees with the rows it counts.
 */
import type { ReactionCounts, ReactionType } from '@plaza/contract';
import { sql } from 'kysely';
import type { Db } from '../../db';
import { REACTION_COLUMNS, REACTION_COUNTER_COLUMNS, reactionCountsOf } from './reaction-columns';

export function postCounters(db: Db) {
  return {
    /** Moves one kind's counter by `delta`; answers all counts as they are now, or undefined when the post is gone. */
    async bumpReaction(postId: string, kind: ReactionType, delta: 1 | -1): Promise<ReactionCounts | undefined> {
      const column = REACTION_COLUMNS[kind];
      const row = await db
        .updateTable('posts')
        .set(column, sql<number>`${sql.ref(column)} + ${delta}`)
        .where('id', '=', postId)
        .returning(REACTION_COUNTER_COLUMNS)
        .executeTakeFirst();
      return row && reactionCountsOf(row);
    },

    async bumpComments(postId: string, delta: 1 | -1): Promise<void> {
      await db
        .updateTable('posts')
        .set('comments_count', sql<number>`comments_count + ${delta}`)
        .where('id', '=', postId)
        .execute();
    },
  };
}

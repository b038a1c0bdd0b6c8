/** SQL for reactions: one row per person, post and kind. The counters on the post move through the posts feature. */
import { REACTION_TYPES, type ReactionType } from '@plaza/contract';
import { sql, type Expression, type SqlBool } from 'kysely';
import type { Db } from '../../db';

export function reactionRepo(db: Db) {
  return {
    async add(postId: string, userId: string, kind: ReactionType, at: string): Promise<boolean> {
      const res = await db
        .insertInto('post_reactions')
        .values({ post_id: postId, user_id: userId, kind, created_at: at })
        .onConflict((oc) => oc.columns(['post_id', 'user_id', 'kind']).doNothing())
        .executeTakeFirst();
      return Number(res.numInsertedOrUpdatedRows ?? 0) === 1;
    },
    async remove(postId: string, userId: string, kind: ReactionType): Promise<boolean> {
      const res = await db
        .deleteFrom('post_reactions')
        .where('post_id', '=', postId)
        .where('user_id', '=', userId)
        .where('kind', '=', kind)
        .executeTakeFirst();
      return Number(res.numDeletedRows) === 1;
    },
    /** Every reaction of one person, oldest first. */
    allBy(userId: string) {
      return db.selectFrom('post_reactions').selectAll().where('user_id', '=', userId).orderBy('created_at').execute();
    },
    /** Deletes every reaction of one person; answers what was deleted. */
    deleteAllBy(userId: string) {
      return db.deleteFrom('post_reactions').where('user_id', '=', userId).returning(['post_id', 'kind']).execute();
    },
    /** The kinds one person holds on a post. */
    async kindsOf(postId: string, userId: string): Promise<ReactionType[]> {
      const rows = await db
        .selectFrom('post_reactions')
        .select('kind')
        .where('post_id', '=', postId)
        .where('user_id', '=', userId)
        .execute();
      const held = new Set(rows.map((r) => r.kind));
      return REACTION_TYPES.filter((k) => held.has(k));
    },
    /** Per kind, the latest `perKind` people who reacted with it and match `only` (a condition on `user_id`), newest first. */
    latestPerKind(postId: string, perKind: number, only: Expression<SqlBool>) {
      const ranked = db
        .selectFrom('post_reactions')
        .select([
          'user_id',
          'kind',
          'created_at',
          sql<number>`row_number() over (partition by kind order by created_at desc, user_id desc)`.as('rank'),
        ])
        .where('post_id', '=', postId)
        .where(only)
        .as('ranked');
      return db.selectFrom(ranked).select(['user_id', 'kind']).where('rank', '<=', perKind).orderBy('kind').orderBy('rank').execute();
    },
  };
}

/** SQL for favorites: one row per person and post they marked. */
import type { Db } from '../../db';

export function favoriteRepo(db: Db) {
  return {
    async add(userId: string, postId: string, at: string): Promise<boolean> {
      const res = await db
        .insertInto('post_favorites')
        .values({ user_id: userId, post_id: postId, created_at: at })
        .onConflict((oc) => oc.columns(['user_id', 'post_id']).doNothing())
        .executeTakeFirst();
      return Number(res.numInsertedOrUpdatedRows ?? 0) === 1;
    },
    async remove(userId: string, postId: string): Promise<boolean> {
      const res = await db.deleteFrom('post_favorites').where('user_id', '=', userId).where('post_id', '=', postId).executeTakeFirst();
      return Number(res.numDeletedRows) === 1;
    },
    /** Most recently marked first. */
    async pageIds(userId: string, limit: number, offset: number): Promise<string[]> {
      const rows = await db
        .selectFrom('post_favorites')
        .select('post_id')
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('post_id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute();
      return rows.map((r) => r.post_id);
    },
    async count(userId: string): Promise<number> {
      const row = await db
        .selectFrom('post_favorites')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}

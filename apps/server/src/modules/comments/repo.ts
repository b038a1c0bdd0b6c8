/** SQL for comments and their likes. The post's comment counter moves through the posts feature, in the same transaction. */
import type { Expression, Insertable, Selectable, SqlBool } from 'kysely';
import type { Db } from '../../db';
import type { CommentsTable } from '../../db/tables/comments';

export type CommentRow = Selectable<CommentsTable>;
export type NewCommentRow = Insertable<CommentsTable>;

export function commentRepo(db: Db) {
  return {
    insert(row: NewCommentRow) {
      return db.insertInto('comments').values(row).execute();
    },
    findById(id: string) {
      return db.selectFrom('comments').selectAll().where('id', '=', id).executeTakeFirst();
    },
    /** Keeps the card of the comment's link (made once: a second delivery changes nothing). */
    async setLinkPreview(id: string, card: string): Promise<boolean> {
      const res = await db
        .updateTable('comments')
        .set({ link_preview: card })
        .where('id', '=', id)
        .where('link_preview', 'is', null)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },
    /** Likes go with it by cascade. */
    async delete(id: string): Promise<boolean> {
      const res = await db.deleteFrom('comments').where('id', '=', id).executeTakeFirst();
      return Number(res.numDeletedRows) === 1;
    },
    /** Every comment of one author, oldest first. */
    allBy(authorId: string) {
      return db.selectFrom('comments').selectAll().where('author_id', '=', authorId).orderBy('id').execute();
    },
    /** Deletes every comment of one author (likes go by cascade); answers the posts they were on, once per comment. */
    deleteAllBy(authorId: string) {
      return db.deleteFrom('comments').where('author_id', '=', authorId).returning('post_id').execute();
    },
    async unlikeAllBy(userId: string): Promise<void> {
      await db.deleteFrom('comment_likes').where('user_id', '=', userId).execute();
    },
    /** Newest first, those matching `only` (the safety feature's condition on `author_id`). */
    pageOfPost(postId: string, limit: number, offset: number, only: Expression<SqlBool>) {
      return db
        .selectFrom('comments')
        .selectAll()
        .where('post_id', '=', postId)
        .where(only)
        .orderBy('id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute();
    },
    /** How many comments of the post pass `only` (the list's total, with the same filter as its pages). */
    async countOfPost(postId: string, only: Expression<SqlBool>): Promise<number> {
      const row = await db
        .selectFrom('comments')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('post_id', '=', postId)
        .where(only)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    likesOf(commentIds: readonly string[]) {
      if (commentIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('comment_likes')
        .select(['comment_id', 'user_id'])
        .where('comment_id', 'in', commentIds)
        .orderBy('created_at')
        .execute();
    },
    async like(commentId: string, userId: string, at: string): Promise<boolean> {
      const res = await db
        .insertInto('comment_likes')
        .values({ comment_id: commentId, user_id: userId, created_at: at })
        .onConflict((oc) => oc.columns(['comment_id', 'user_id']).doNothing())
        .executeTakeFirst();
      return Number(res.numInsertedOrUpdatedRows ?? 0) === 1;
    },
    async unlike(commentId: string, userId: string): Promise<boolean> {
      const res = await db.deleteFrom('comment_likes').where('comment_id', '=', commentId).where('user_id', '=', userId).executeTakeFirst();
      return Number(res.numDeletedRows) === 1;
    },
  };
}

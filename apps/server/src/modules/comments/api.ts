/** What the comments feature offers others: a person's comments, for their data export and for deleting their account. */
import type { Db } from '../../db';
import type { PostsPort } from './posts-port';
import { commentRepo } from './repo';

export interface WrittenComment {
  id: string;
  postId: string;
  content: string;
  createdAt: string;
}

export interface CommentsApi {
  writtenBy(userId: string): Promise<WrittenComment[]>;
  /**
   * Deletes every comment of a person (with their likes) and every like they gave, counters included,
   * in the caller's transaction; answers the posts whose comment count changed.
   */
  removeAllBy(trx: Db, userId: string): Promise<string[]>;
}

export function commentsApi(db: Db, posts: PostsPort): CommentsApi {
  return {
    async writtenBy(userId) {
      const rows = await commentRepo(db).allBy(userId);
      return rows.map((r) => ({ id: r.id, postId: r.post_id, content: r.content, createdAt: r.created_at }));
    },
    async removeAllBy(trx, userId) {
      const repo = commentRepo(trx);
      await repo.unlikeAllBy(userId);
      const removed = await repo.deleteAllBy(userId);
      for (const r of removed) await posts.bumpCommentCount(trx, r.post_id, -1);
      return [...new Set(removed.map((r) => r.post_id))];
    },
  };
}

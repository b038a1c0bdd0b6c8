/** What moderation sees of a comment and how it removes one; given to the moderation feature by modules/index.ts. */
import type { Db } from '../../db';
import { commentRepo } from './repo';
import type { CommentService } from './service';

export function commentModeration(db: Db, comments: CommentService) {
  const repo = commentRepo(db);
  return {
    async describe(commentId: string) {
      const row = await repo.findById(commentId);
      if (!row) return null;
      // The post it is on is the context a moderator reads it in.
      return { authorId: row.author_id, text: row.content, media: [], createdAt: row.created_at, context: [], postId: row.post_id };
    },
    remove: (commentId: string) => comments.removeById(commentId),
  };
}

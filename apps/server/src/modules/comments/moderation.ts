/** What moderation sees of a comment and how it removes one; given to the moderation feature by modules/index.ts. */
import type { Db } from '../../db';
import { nowIso } from '../../lib/ids';
import { isHiddenFrom } from '../safety';
import { commentRepo } from './repo';
import type { PostsPort } from './posts-port';
import type { CommentService } from './service';

export function commentModeration(db: Db, comments: CommentService, posts: PostsPort) {
  const repo = commentRepo(db);
  return {
    async describe(commentId: string) {
      const row = await repo.findById(commentId);
      if (!row) return null;
      // The post it is on is the context a moderator reads it in.
      return { authorId: row.author_id, text: row.content, media: [], createdAt: row.created_at, context: [], postId: row.post_id };
    },
    /** Seen by whoever sees its post, unless its author is hidden from them. */
    async visibleTo(commentId: string, viewerId: string) {
      const row = await repo.findById(commentId);
      if (!row) return false;
      const post = await posts.existing(row.post_id).catch(() => null);
      const now = nowIso();
      return (
        post !== null && !(await isHiddenFrom(db, viewerId, row.author_id, now)) && !(await isHiddenFrom(db, viewerId, post.authorId, now))
      );
    },
    remove: (commentId: string) => comments.removeById(commentId),
  };
}

/**
 * Keeps the tag uses right as posts and comments are written, in the writer's own transaction, so a tag
 * never points at a post that lacks it (product.md § Hashtags). Deleting a post or a comment takes its uses
 * with it by the foreign keys' cascade; nothing here runs for that.
 */
import { hashtagsOf } from '@plaza/contract';
import type { Db } from '../../db';
import { hashtagRepo } from './repo';

export interface TaggedPost {
  id: string;
  authorId: string;
  content: string;
}

export interface TaggedComment {
  id: string;
  postId: string;
  authorId: string;
  postAuthorId: string;
  content: string;
  createdAt: string;
}

/** The tag index as seen from `trx`, the transaction that writes the post or comment. */
export function tagIndex(trx: Db) {
  const repo = hashtagRepo(trx);
  return {
    async postPublished(post: TaggedPost, at: string): Promise<void> {
      const tags = hashtagsOf(post.content);
      await repo.remember(tags, at);
      await repo.addPostTags(post.id, post.authorId, tags, at);
    },
    /** A tag that stays keeps the time it came, so an edit does not make an old tag look freshly used. */
    async postEdited(post: TaggedPost, at: string): Promise<void> {
      const now = hashtagsOf(post.content);
      const before = await repo.tagsOfPost(post.id);
      const added = now.filter((t) => !before.includes(t));
      await repo.removePostTags(
        post.id,
        before.filter((t) => !now.includes(t)),
      );
      await repo.remember(added, at);
      await repo.addPostTags(post.id, post.authorId, added, at);
    },
    async commentAdded(comment: TaggedComment): Promise<void> {
      const tags = hashtagsOf(comment.content);
      await repo.remember(tags, comment.createdAt);
      await repo.addCommentTags(comment, tags);
    },
  };
}

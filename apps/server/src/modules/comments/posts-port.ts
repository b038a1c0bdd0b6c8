/**
 * What the comments feature needs of the posts feature, declared here and handed over when the app is
 * built (modules/index.ts passes the posts feature's `PostsApi`, which fits it). Comments never imports
 * posts; posts checks its comment counters through this feature's query piece (counts.ts), so the two
 * depend on each other in one direction only.
 */
import type { Db } from '../../db';
import type { HttpError } from '../../lib/errors';

export interface PostsPort {
  /** The post as comments need it, or the one 404 of every post feature. */
  existing(postId: string): Promise<{ authorId: string; commentsCount: number }>;
  /** That same 404, for a post that went while the caller was writing beside it. */
  gone(): HttpError;
  /** Moves the post's comment counter in the caller's transaction. */
  bumpCommentCount(trx: Db, postId: string, delta: 1 | -1): Promise<void>;
}

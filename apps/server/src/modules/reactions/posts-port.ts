/**
 * What the reactions feature needs of the posts feature, declared here and handed over when the app is
 * built (modules/index.ts passes the posts feature's `PostsApi`, which fits it). Reactions never imports
 * posts; posts reads a reader's kinds and the counts through this feature's query pieces (marks.ts), so
 * the two depend on each other in one direction only.
 */
import type { ReactionCounts, ReactionType } from '@plaza/contract';
import type { Db } from '../../db';
import type { HttpError } from '../../lib/errors';

export interface PostsPort {
  /** The post as reactions need it, or the one 404 of every post feature. */
  existing(postId: string): Promise<{ authorId: string; reactionCounts: ReactionCounts; totalReactions: number }>;
  /** That same 404, for a post that went while the caller was writing beside it. */
  gone(): HttpError;
  /** Moves one kind's counter in the caller's transaction; the counts as they are now, or undefined when the post is gone. */
  bumpReactionCount(trx: Db, postId: string, kind: ReactionType, delta: 1 | -1): Promise<ReactionCounts | undefined>;
  /** Keeps the reader's own mark on their timeline row of the post (if the post is on it). */
  markReaction(trx: Db, readerId: string, postId: string, kind: ReactionType, held: boolean): Promise<void>;
  totalOf(counts: ReactionCounts): number;
}

/**
 * What the posts feature offers the features that act on posts (reactions, comments), list them (hashtags)
 * and count them (profiles). They receive it from `createPostsFeature`, never reach into this feature's files, and
 * write nothing of it but through these functions: each `trx` function runs in the caller's transaction.
 */
import type { Post, ReactionCounts, ReactionType } from '@plaza/contract';
import type { Db } from '../../db';
import type { HttpError } from '../../lib/errors';
import type { MediaStorage } from '../../media/storage';
import { postCounters } from './counters';
import { postHydrator } from './hydrate';
import { keysOfMedia } from './media';
import { existingPost, postGone } from './post-lookup';
import { presentMedia } from './presenters';
import { reactionCountsOf, totalOf } from './reaction-columns';
import { postRepo } from './repo';
import { timelineReadModel } from './timeline-read-model';

/** A post as other features need it: who wrote it and what it counts. */
export interface PostFacts {
  id: string;
  authorId: string;
  reactionCounts: ReactionCounts;
  totalReactions: number;
  commentsCount: number;
}

export interface PostsApi {
  /** The post, or the one 404 of every post feature. */
  existing(postId: string): Promise<PostFacts>;
  /** That same 404, for a post that went while the caller was writing beside it. */
  gone(): HttpError;
  countByAuthor(authorId: string): Promise<number>;
  /** The posts as the viewer sees them, in the order of `ids`; a post gone meanwhile is left out. */
  viewed(viewerId: string, ids: readonly string[]): Promise<Post[]>;
  /** Moves one reaction kind's counter; the counts as they are now, or undefined when the post is gone. */
  bumpReactionCount(trx: Db, postId: string, kind: ReactionType, delta: 1 | -1): Promise<ReactionCounts | undefined>;
  bumpCommentCount(trx: Db, postId: string, delta: 1 | -1): Promise<void>;
  /** Keeps the reader's own mark on their timeline row of the post (if the post is on it). */
  markReaction(trx: Db, readerId: string, postId: string, kind: ReactionType, held: boolean): Promise<void>;
  totalOf(counts: ReactionCounts): number;
  /** One post as other servers are sent it (modules/federation); undefined once it is gone. */
  published(postId: string): Promise<PublishedPost | undefined>;
  /** Everything a person published, oldest first, as their data export lists it. */
  authoredBy(authorId: string): Promise<AuthoredPost[]>;
  /**
   * Deletes every post of a person as deleting each would (off every timeline; reactions, comments,
   * favorites with it), in the caller's transaction. The caller removes the files and publishes
   * `postDeleted` once it commits.
   */
  removeAllBy(trx: Db, authorId: string): Promise<{ postIds: string[]; mediaKeys: string[] }>;
}

export interface PublishedPost {
  id: string;
  authorId: string;
  content: string;
  createdAt: string;
  editedAt: string | null;
  media: ReturnType<typeof presentMedia>;
}

export interface AuthoredPost {
  id: string;
  content: string;
  createdAt: string;
  media: ReturnType<typeof presentMedia>;
  reactionCounts: ReactionCounts;
  commentsCount: number;
}

export function postsApi(db: Db, storage: MediaStorage): PostsApi {
  const posts = postRepo(db);
  return {
    async existing(postId) {
      const row = await existingPost(posts, postId);
      const reactionCounts = reactionCountsOf(row);
      return {
        id: row.id,
        authorId: row.author_id,
        reactionCounts,
        totalReactions: totalOf(reactionCounts),
        commentsCount: row.comments_count,
      };
    },
    gone: postGone,
    countByAuthor: (authorId) => posts.countByAuthor(authorId),
    viewed: postHydrator(db),
    bumpReactionCount: (trx, postId, kind, delta) => postCounters(trx).bumpReaction(postId, kind, delta),
    bumpCommentCount: (trx, postId, delta) => postCounters(trx).bumpComments(postId, delta),
    markReaction: (trx, readerId, postId, kind, held) => timelineReadModel(trx).markReaction(readerId, postId, kind, held),
    totalOf,
    async published(postId) {
      const r = await posts.findById(postId);
      if (!r) return undefined;
      return {
        id: r.id,
        authorId: r.author_id,
        content: r.content,
        createdAt: r.created_at,
        editedAt: r.edited_at,
        media: presentMedia(r.media),
      };
    },
    async authoredBy(authorId) {
      const rows = await posts.allByAuthor(authorId);
      return rows.map((r) => ({
        id: r.id,
        content: r.content,
        createdAt: r.created_at,
        media: presentMedia(r.media),
        reactionCounts: reactionCountsOf(r),
        commentsCount: r.comments_count,
      }));
    },
    async removeAllBy(trx, authorId) {
      const rows = await postRepo(trx).allByAuthor(authorId);
      const timeline = timelineReadModel(trx);
      for (const row of rows) {
        await timeline.withdraw(row.id, authorId);
        await postRepo(trx).delete(row.id);
      }
      return { postIds: rows.map((r) => r.id), mediaKeys: rows.flatMap((r) => keysOfMedia(storage, r.media)) };
    },
  };
}

/** What the reactions feature offers others: a person's reactions, for their data export and for deleting their account. */
import type { ReactionType } from '@plaza/contract';
import type { Db } from '../../db';
import type { PostsPort } from './posts-port';
import { reactionRepo } from './repo';

export interface GivenReaction {
  postId: string;
  kind: ReactionType;
  createdAt: string;
}

export interface ReactionsApi {
  givenBy(userId: string): Promise<GivenReaction[]>;
  /** Takes back every reaction of a person, counters included, in the caller's transaction; answers the posts that changed. */
  removeAllBy(trx: Db, userId: string): Promise<string[]>;
}

export function reactionsApi(db: Db, posts: PostsPort): ReactionsApi {
  return {
    async givenBy(userId) {
      const rows = await reactionRepo(db).allBy(userId);
      return rows.map((r) => ({ postId: r.post_id, kind: r.kind, createdAt: r.created_at }));
    },
    async removeAllBy(trx, userId) {
      const rows = await reactionRepo(trx).deleteAllBy(userId);
      for (const r of rows) await posts.bumpReactionCount(trx, r.post_id, r.kind, -1);
      return [...new Set(rows.map((r) => r.post_id))];
    },
  };
}

/** Tables of the reactions feature. The per-kind counters live on the post (tables/posts.ts), kept in the same transaction. */
import type { ReactionType } from '@plaza/contract';

/** One row per person, post and kind: a person may hold several kinds on one post, each once. */
export interface PostReactionsTable {
  post_id: string;
  user_id: string;
  kind: ReactionType;
  created_at: string;
}

export interface ReactionTables {
  post_reactions: PostReactionsTable;
}

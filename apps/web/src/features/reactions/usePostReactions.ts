/** What a post's reaction bar shows: the fetched set when there is one, else what the post carried. */
import { REACTION_TYPES, type Post, type ReactionCounts, type ReactionType } from '@plaza/contract';
import { useAppSelector } from '../../app/hooks';
import type { PostReactions, ReactionSeed } from './reactionsSlice';

export interface ReactionView {
  counts: ReactionCounts;
  total: number;
  mine: ReactionType[];
  pendingKinds: ReactionType[];
  entry: PostReactions | undefined;
  seed: ReactionSeed;
}

export function usePostReactions(post: Post): ReactionView {
  const entry = useAppSelector((s) => s.reactions.byPostId[post._id]);
  const seed: ReactionSeed = {
    reactionCounts: post.reactionCounts,
    totalReactions: post.totalReactions,
    currentUserReactions: post.currentUserReactions,
  };
  if (!entry)
    return { counts: post.reactionCounts, total: post.totalReactions, mine: post.currentUserReactions, pendingKinds: [], entry, seed };
  const counts = Object.fromEntries(REACTION_TYPES.map((k) => [k, entry[k].count])) as ReactionCounts;
  return { counts, total: entry.totalReactions, mine: entry.currentUserReactions, pendingKinds: entry.pendingKinds, entry, seed };
}

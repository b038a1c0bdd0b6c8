/**
 * Keeps every list's copy of a post in step with what happens to it elsewhere: deleted, saved,
 * reacted to, commented on. Each list slice adds these cases to its own builder.
 */
import type { Post } from '@plaza/contract';
import type { ActionReducerMapBuilder, Draft } from '@reduxjs/toolkit';
import { deleteComment, submitComment } from '../comments/commentsSlice';
import { fetchReactions } from '../reactions/reactionsSlice';
import { wasCanceled } from './errorText';
import { deletePost, toggleFavorite } from './postActions';

export interface PostSyncHooks<S> {
  /** After a post left the list, e.g. to lower a total. */
  onRemoved?(state: Draft<S>): void;
  /** After the server settled a favorite toggle. */
  onFavoriteSettled?(state: Draft<S>, post: Post, isFavorite: boolean): void;
}

export function addPostSyncCases<S>(
  builder: ActionReducerMapBuilder<S>,
  postsOf: (state: Draft<S>) => Post[],
  hooks: PostSyncHooks<S> = {},
) {
  const withPost = (state: Draft<S>, postId: string, change: (post: Post) => void) => {
    const post = postsOf(state).find((p) => p._id === postId);
    if (post) change(post);
  };

  builder
    .addCase(deletePost.fulfilled, (state, action) => {
      const list = postsOf(state);
      const index = list.findIndex((p) => p._id === action.payload.postId);
      if (index < 0) return;
      list.splice(index, 1);
      hooks.onRemoved?.(state);
    })
    .addCase(toggleFavorite.pending, (state, action) => {
      withPost(state, action.meta.arg.post._id, (p) => {
        p.isFavorite = !action.meta.arg.post.isFavorite;
      });
    })
    .addCase(toggleFavorite.fulfilled, (state, action) => {
      withPost(state, action.meta.arg.post._id, (p) => {
        p.isFavorite = action.payload.isFavorite;
      });
      hooks.onFavoriteSettled?.(state, action.meta.arg.post, action.payload.isFavorite);
    })
    .addCase(toggleFavorite.rejected, (state, action) => {
      if (wasCanceled(action.payload)) return;
      withPost(state, action.meta.arg.post._id, (p) => {
        p.isFavorite = action.meta.arg.post.isFavorite;
      });
    })
    .addCase(fetchReactions.fulfilled, (state, action) => {
      withPost(state, action.meta.arg, (p) => {
        const { reactions, totalReactions, currentUserReactions } = action.payload;
        p.reactionCounts = {
          heart: reactions.heart.count,
          fire: reactions.fire.count,
          thumbsUp: reactions.thumbsUp.count,
          smile: reactions.smile.count,
          celebrate: reactions.celebrate.count,
          clap: reactions.clap.count,
        };
        p.totalReactions = totalReactions;
        p.currentUserReactions = [...currentUserReactions];
      });
    })
    .addCase(submitComment.fulfilled, (state, action) => {
      withPost(state, action.meta.arg.postId, (p) => {
        p.commentsCount += 1;
      });
    })
    .addCase(deleteComment.fulfilled, (state, action) => {
      withPost(state, action.payload.postId, (p) => {
        p.commentsCount = Math.max(0, p.commentsCount - 1);
      });
    });
}

/** Page 1 replaces; later pages append only posts not already listed (SPEC §4 "Feed"). */
export function mergePage(current: Post[], incoming: Post[], page: number): Post[] {
  if (page <= 1) return incoming;
  const seen = new Set(current.map((p) => p._id));
  return [...current, ...incoming.filter((p) => !seen.has(p._id))];
}

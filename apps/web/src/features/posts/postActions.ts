/** Actions on one post that every list of posts (feed, favorites, a profile) follows. */
import type { Post } from '@plaza/contract';
import { createAction, createAsyncThunk } from '@reduxjs/toolkit';
import { postsApi } from '../../api/posts';
import { toErrorPayload, type ApiErrorPayload } from '../../api/errors';
import { fallback } from './errorText';

export const DELETE_POST_FAILED = 'Failed to delete post';
export const FAVORITE_FAILED = 'Failed to update saved posts';

/** The composer uploads itself (it shows progress), then announces the stored post. */
export const postCreated = createAction<Post>('posts/created');

export const deletePost = createAsyncThunk<{ postId: string }, { postId: string }, { rejectValue: ApiErrorPayload }>(
  'posts/delete',
  async ({ postId }, { rejectWithValue }) => {
    try {
      await postsApi.remove(postId);
      return { postId };
    } catch (err) {
      return rejectWithValue(toErrorPayload(err, fallback(DELETE_POST_FAILED)));
    }
  },
);

/**
 * Optimistic: lists flip `isFavorite` when it starts and flip back when it fails. The post rides along
 * so the favorites list can show a post saved from elsewhere without refetching.
 */
export const toggleFavorite = createAsyncThunk<{ isFavorite: boolean }, { post: Post }, { rejectValue: ApiErrorPayload }>(
  'posts/toggleFavorite',
  async ({ post }, { rejectWithValue }) => {
    try {
      const { isFavorite } = await postsApi.toggleFavorite(post._id);
      return { isFavorite };
    } catch (err) {
      return rejectWithValue(toErrorPayload(err, fallback(FAVORITE_FAILED)));
    }
  },
);

/** Fresh posts arrived from a list call; other slices holding per-post copies (reactions) catch up. */
export const postsReceived = createAction<Post[]>('posts/received');

/** Publishing, deleting and bookmarking a post; each writes its outcome into every cached list. */
import type { FavoriteResponse, Post, PostResponse } from '@plaza/contract';
import { plazaApi } from '../../api/plaza-api';
import { fallback, wasCanceled } from '../../lib/error-text';
import { addPublishedPost, patchPost, removeDeletedPost, settleFavorite } from './post-cache';

export const PUBLISH_FAILED = 'Failed to publish post';
export const DELETE_POST_FAILED = 'Failed to delete post';
export const FAVORITE_FAILED = 'Failed to update saved posts';

interface NewPost {
  content: string;
  images: File[];
  /** Upload progress from 0 to 1. */
  onProgress?(fraction: number): void;
}

const postUrl = (postId: string) => `/posts/${encodeURIComponent(postId)}`;

const postMutationsApi = plazaApi.injectEndpoints({
  endpoints: (build) => ({
    /** Multipart: `content` beside up to four `images`. */
    createPost: build.mutation<Post, NewPost, PostResponse>({
      query: ({ content, images, onProgress }) => {
        const form = new FormData();
        form.append('content', content);
        for (const image of images) form.append('images', image);
        return {
          url: '/posts',
          method: 'POST',
          body: form,
          onUploadProgress: (e) => onProgress?.(e.total ? e.loaded / e.total : 0),
          fallback: fallback(PUBLISH_FAILED),
        };
      },
      transformResponse: (r) => r.post,
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(addPublishedPost(data));
        } catch {
          // The composer shows why; no list changed.
        }
      },
    }),

    deletePost: build.mutation<void, string, unknown>({
      query: (postId) => ({ url: postUrl(postId), method: 'DELETE', fallback: fallback(DELETE_POST_FAILED) }),
      transformResponse: () => undefined,
      async onQueryStarted(postId, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
          dispatch(removeDeletedPost(postId));
        } catch {
          // The card stays and says why.
        }
      },
    }),

    /**
     * Optimistic: every copy flips `isFavorite` at once and flips back if the call fails. The post rides
     * along so the saved-posts list can show a post saved elsewhere without refetching.
     */
    toggleFavorite: build.mutation<boolean, Post, FavoriteResponse>({
      query: (post) => ({ url: `${postUrl(post._id)}/favorite`, method: 'PUT', fallback: fallback(FAVORITE_FAILED) }),
      transformResponse: (r) => r.isFavorite,
      async onQueryStarted(post, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          patchPost(post._id, (p) => {
            p.isFavorite = !post.isFavorite;
          }),
        );
        try {
          const { data: isFavorite } = await queryFulfilled;
          dispatch(settleFavorite(post, isFavorite));
        } catch (failure) {
          if (!wasCanceled(failure)) patch.undo();
        }
      },
    }),
  }),
});

export const { useCreatePostMutation, useDeletePostMutation, useToggleFavoriteMutation } = postMutationsApi;

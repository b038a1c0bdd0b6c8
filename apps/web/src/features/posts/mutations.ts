/** Publishing, deleting and bookmarking a post; each writes its outcome into every cached list. */
import { firstLinkOf, hashtagsOf, type OperationResponse, type Post } from '@plaza/contract';
import { operations } from '../../api/operations';
import { operationRequest } from '../../api/operation';
import { plazaApi } from '../../api/plaza-api';
import { fallback, wasCanceled } from '../../lib/error-text';
import { addPublishedPost, patchPost, removeDeletedPost, settleFavorite } from './post-cache';

export const PUBLISH_FAILED = 'Failed to publish post';
export const DELETE_POST_FAILED = 'Failed to delete post';
export const FAVORITE_FAILED = 'Failed to update saved posts';
export const EDIT_POST_FAILED = 'Failed to save your changes';

interface NewPost {
  content: string;
  images: File[];
  /** Instead of images. */
  video?: File;
  /** The author removed the link preview card: the server makes none. */
  noPreview?: boolean;
  /** Upload progress from 0 to 1. */
  onProgress?: (fraction: number) => void;
}

const postMutationsApi = plazaApi.injectEndpoints({
  endpoints: (build) => ({
    /** Multipart: `content` beside up to four `images` or one `video`. */
    createPost: build.mutation<Post, NewPost, OperationResponse<typeof operations.createPost>>({
      query: ({ content, images, video, noPreview, onProgress }) =>
        operationRequest(operations.createPost, {
          form: { content, images, video, noPreview: noPreview ? 'true' : undefined },
          onUploadProgress: (e) => onProgress?.(e.total ? e.loaded / e.total : 0),
          fallback: fallback(PUBLISH_FAILED),
        }),
      transformResponse: (r) => r.post,
      // Its tags may now trend; the tag lists it joins get it on top (addPublishedPost).
      invalidatesTags: (post) => (post && hashtagsOf(post.content).length > 0 ? ['Tags'] : []),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(addPublishedPost(data));
        } catch {
          // The composer shows why; no list changed.
        }
      },
    }),

    /** The author's edit: new text and/or images to drop; every cached copy takes the stored post. */
    updatePost: build.mutation<
      Post,
      { postId: string; content?: string; removeMedia?: string[] },
      OperationResponse<typeof operations.updatePost>
    >({
      query: ({ postId, ...body }) =>
        operationRequest(operations.updatePost, { params: { postId }, body, fallback: fallback(EDIT_POST_FAILED) }),
      transformResponse: (r) => r.post,
      // Its tags may have changed: the tag lists and the trending tags read again.
      invalidatesTags: (post) => (post ? ['TagPosts', 'Tags'] : []),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(
            patchPost(data._id, (p) => {
              p.content = data.content;
              p.media = data.media;
              p.editedAt = data.editedAt;
              // Another first link drops the old card; its own arrives later (socket `linkPreview`), maybe already has.
              if (data.linkPreview || p.linkPreview?.url !== firstLinkOf(data.content)) p.linkPreview = data.linkPreview;
            }),
          );
        } catch {
          // The form stays open and says why.
        }
      },
    }),

    deletePost: build.mutation<void, string, OperationResponse<typeof operations.deletePost>>({
      query: (postId) => operationRequest(operations.deletePost, { params: { postId }, fallback: fallback(DELETE_POST_FAILED) }),
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
    toggleFavorite: build.mutation<boolean, Post, OperationResponse<typeof operations.toggleFavorite>>({
      query: (post) => operationRequest(operations.toggleFavorite, { params: { postId: post._id }, fallback: fallback(FAVORITE_FAILED) }),
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

export const { useCreatePostMutation, useDeletePostMutation, useToggleFavoriteMutation, useUpdatePostMutation } = postMutationsApi;

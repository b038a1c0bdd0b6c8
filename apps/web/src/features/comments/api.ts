/**
 * A post's comments in the RTK Query cache (product.md § Comments): the pages, posting, liking and
 * deleting. Posting and deleting also move the post's comment count wherever the post is cached.
 */
import { COMMENT_LIKE_MESSAGES, PAGE_SIZES, type Comment, type LinkPreview, type OperationResponse } from '@plaza/contract';
import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import { operations } from '../../api/operations';
import { operationRequest } from '../../api/operation';
import { plazaApi } from '../../api/plaza-api';
import { withEarlyCard } from '../../lib/early-cards';
import { fallback, wasCanceled } from '../../lib/error-text';
import { patchPost } from '../posts';
import { addOnTop, removeComment, setLike, type CommentsPage } from './comment-pages';

export const FETCH_COMMENTS_FAILED = 'Failed to fetch comments';
export const SUBMIT_COMMENT_FAILED = 'Failed to submit comment';
export const LIKE_COMMENT_FAILED = 'Failed to like/unlike comment';
export const DELETE_COMMENT_FAILED = 'Failed to delete comment';

interface CommentLikeToggle {
  commentId: string;
  postId: string;
  /** The signed-in reader, whose like is shown at once. */
  userId: string;
  /** The reader likes it now, so the toggle takes the like back. */
  liked: boolean;
}

type CommentLikeReply = OperationResponse<typeof operations.toggleCommentLike>;

const commentsApi = plazaApi.injectEndpoints({
  endpoints: (build) => ({
    getComments: build.infiniteQuery<CommentsPage, string, number, OperationResponse<typeof operations.listComments>>({
      query: ({ queryArg: postId, pageParam }) =>
        operationRequest(operations.listComments, {
          params: { postId },
          query: { page: pageParam, limit: PAGE_SIZES.comments },
          fallback: fallback(FETCH_COMMENTS_FAILED),
        }),
      transformResponse: ({ comments, pagination }) => ({ comments, pagination }),
      infiniteQueryOptions: {
        initialPageParam: 1,
        getNextPageParam: (last, _all, lastParam) => (lastParam < last.pagination.totalPages ? lastParam + 1 : undefined),
        // Opening the comments again reads the newest page afresh, not every page read before.
        refetchCachedPages: false,
      },
      providesTags: (_data, _error, postId) => [{ type: 'Comments', id: postId }],
    }),

    addComment: build.mutation<
      Comment,
      { postId: string; commentContent: string; noPreview?: boolean },
      OperationResponse<typeof operations.createComment>
    >({
      query: ({ postId, commentContent, noPreview }) =>
        operationRequest(operations.createComment, {
          params: { postId },
          body: noPreview ? { commentContent, noPreview } : { commentContent },
          fallback: fallback(SUBMIT_COMMENT_FAILED),
        }),
      transformResponse: (r) => r.comment,
      async onQueryStarted({ postId }, { dispatch, queryFulfilled }) {
        try {
          const comment = withEarlyCard('comment', (await queryFulfilled).data);
          dispatch(commentsApi.util.updateQueryData('getComments', postId, (draft) => addOnTop(draft.pages, comment)));
          dispatch(
            patchPost(postId, (post) => {
              post.commentsCount += 1;
            }),
          );
        } catch {
          // The form keeps the text and says why.
        }
      },
    }),

    /** Toggles; the answer's message says which way it went (product.md § Comments). */
    likeComment: build.mutation<CommentLikeReply, CommentLikeToggle, CommentLikeReply>({
      query: ({ commentId }) =>
        operationRequest(operations.toggleCommentLike, { params: { commentId }, fallback: fallback(LIKE_COMMENT_FAILED) }),
      async onQueryStarted({ commentId, postId, userId, liked }, { dispatch, queryFulfilled }) {
        const update = (change: (pages: CommentsPage[]) => void) =>
          dispatch(commentsApi.util.updateQueryData('getComments', postId, (draft) => change(draft.pages)));
        const patch = update((pages) => setLike(pages, commentId, userId, !liked));
        try {
          const { data } = await queryFulfilled;
          update((pages) => setLike(pages, commentId, data.userId, data.message === COMMENT_LIKE_MESSAGES.liked));
        } catch (failure) {
          if (!wasCanceled(failure)) patch.undo();
        }
      },
    }),

    deleteComment: build.mutation<void, { commentId: string; postId: string }, OperationResponse<typeof operations.deleteComment>>({
      query: ({ commentId }) =>
        operationRequest(operations.deleteComment, { params: { commentId }, fallback: fallback(DELETE_COMMENT_FAILED) }),
      transformResponse: () => undefined,
      async onQueryStarted({ commentId, postId }, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
          dispatch(commentsApi.util.updateQueryData('getComments', postId, (draft) => removeComment(draft.pages, commentId)));
          dispatch(
            patchPost(postId, (post) => {
              post.commentsCount = Math.max(0, post.commentsCount - 1);
            }),
          );
        } catch {
          // The comment stays and the toast says why.
        }
      },
    }),
  }),
});

export const { useGetCommentsInfiniteQuery, useAddCommentMutation, useLikeCommentMutation, useDeleteCommentMutation } = commentsApi;

type CommentsState = Parameters<typeof commentsApi.util.selectCachedArgsForQuery>[0];

/** A comment's link card arrived (socket `linkPreview`): every cached page that holds the comment shows it. */
export const applyCommentLinkPreview =
  (commentId: string, linkPreview: LinkPreview): ThunkAction<void, CommentsState, unknown, UnknownAction> =>
  (dispatch, getState) => {
    for (const postId of commentsApi.util.selectCachedArgsForQuery(getState(), 'getComments')) {
      dispatch(
        commentsApi.util.updateQueryData('getComments', postId, (draft) => {
          for (const comment of draft.pages.flatMap((page) => page.comments))
            if (comment._id === commentId) comment.linkPreview = linkPreview;
        }),
      );
    }
  };

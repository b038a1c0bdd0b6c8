/**
 * The comments of the selected post (SPEC §3 "Comment", §4): newest first, paged by 10; posting puts the
 * new comment on top and raises the total; deleting lowers it (never below one page); likes follow the
 * server's message; selecting another post clears everything.
 */
import { COMMENT_LIKE_MESSAGES, PAGE_SIZES, type Comment, type CommentLikeResponse, type CommentsResponse } from '@plaza/contract';
import { createAsyncThunk, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { commentsApi } from '../../api/comments';
import { toErrorPayload, type ApiErrorPayload } from '../../api/errors';
import { errorText, fallback, wasCanceled } from '../posts/errorText';
import { deletePost } from '../posts/postActions';
import { sessionChanged } from '../posts/sessionChange';

export const FETCH_COMMENTS_FAILED = 'Failed to fetch comments';
export const SUBMIT_COMMENT_FAILED = 'Failed to submit comment';
export const LIKE_COMMENT_FAILED = 'Failed to like/unlike comment';
export const DELETE_COMMENT_FAILED = 'Failed to delete comment';

export type CommentsStatus = 'idle' | 'loading' | 'loadingMore' | 'succeeded' | 'failed';

export interface CommentsPagination {
  page: number;
  limit: number;
  total: number;
  totalPages: number;
}

export interface CommentsState {
  postId: string | null;
  comments: Comment[];
  pagination: CommentsPagination;
  status: CommentsStatus;
  error: string | null;
  submitStatus: 'idle' | 'loading' | 'failed';
  submitError: string | null;
  /** Comments whose like or delete call is on its way. */
  busyIds: string[];
}

const emptyPagination = (): CommentsPagination => ({ page: 0, limit: PAGE_SIZES.comments, total: 0, totalPages: 1 });

export const initialCommentsState: CommentsState = {
  postId: null,
  comments: [],
  pagination: emptyPagination(),
  status: 'idle',
  error: null,
  submitStatus: 'idle',
  submitError: null,
  busyIds: [],
};

type Reject = { rejectValue: ApiErrorPayload };

export const fetchComments = createAsyncThunk<CommentsResponse, { postId: string; page: number }, Reject>(
  'comments/fetch',
  async ({ postId, page }, { rejectWithValue }) => {
    try {
      return await commentsApi.list(postId, page);
    } catch (err) {
      return rejectWithValue(toErrorPayload(err, fallback(FETCH_COMMENTS_FAILED)));
    }
  },
);

export const submitComment = createAsyncThunk<Comment, { postId: string; commentContent: string }, Reject>(
  'comments/submit',
  async ({ postId, commentContent }, { rejectWithValue }) => {
    try {
      return await commentsApi.create(postId, commentContent);
    } catch (err) {
      return rejectWithValue(toErrorPayload(err, fallback(SUBMIT_COMMENT_FAILED)));
    }
  },
);

export const likeComment = createAsyncThunk<CommentLikeResponse, { commentId: string }, Reject>(
  'comments/like',
  async ({ commentId }, { rejectWithValue }) => {
    try {
      return await commentsApi.like(commentId);
    } catch (err) {
      return rejectWithValue(toErrorPayload(err, fallback(LIKE_COMMENT_FAILED)));
    }
  },
);

/** `postId` rides along so the lists can lower that post's comment count. */
export const deleteComment = createAsyncThunk<{ commentId: string; postId: string }, { commentId: string; postId: string }, Reject>(
  'comments/delete',
  async (arg, { rejectWithValue }) => {
    try {
      await commentsApi.remove(arg.commentId);
      return arg;
    } catch (err) {
      return rejectWithValue(toErrorPayload(err, fallback(DELETE_COMMENT_FAILED)));
    }
  },
);

const pagesFor = (total: number, limit: number) => Math.max(1, Math.ceil(total / Math.max(1, limit)));

const commentsSlice = createSlice({
  name: 'comments',
  initialState: initialCommentsState,
  reducers: {
    /** Changing the selected post clears the comments (SPEC §4). */
    selectPost(state, action: PayloadAction<string | null>) {
      if (state.postId === action.payload) return;
      return { ...initialCommentsState, pagination: emptyPagination(), postId: action.payload };
    },
    clearCommentError(state) {
      state.error = null;
      state.submitError = null;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(fetchComments.pending, (state, action) => {
        if (action.meta.arg.postId !== state.postId) return;
        state.status = action.meta.arg.page > 1 ? 'loadingMore' : 'loading';
        state.error = null;
      })
      .addCase(fetchComments.fulfilled, (state, action) => {
        if (action.meta.arg.postId !== state.postId) return;
        const { comments, pagination } = action.payload;
        if (action.meta.arg.page <= 1) {
          state.comments = comments;
        } else {
          // Comments posted meanwhile shift the pages; skip what is already shown.
          const seen = new Set(state.comments.map((c) => c._id));
          state.comments.push(...comments.filter((c) => !seen.has(c._id)));
        }
        state.pagination = { ...pagination, totalPages: Math.max(1, pagination.totalPages) };
        state.status = 'succeeded';
      })
      .addCase(fetchComments.rejected, (state, action) => {
        if (action.meta.arg.postId !== state.postId) return;
        if (wasCanceled(action.payload)) return;
        state.status = 'failed';
        state.error = errorText(action.payload, FETCH_COMMENTS_FAILED);
      })
      .addCase(submitComment.pending, (state) => {
        state.submitStatus = 'loading';
        state.submitError = null;
      })
      .addCase(submitComment.fulfilled, (state, action) => {
        state.submitStatus = 'idle';
        if (action.meta.arg.postId !== state.postId) return;
        // A page read while the comment was being stored may already hold it.
        if (state.comments.some((c) => c._id === action.payload._id)) return;
        state.comments.unshift(action.payload);
        state.pagination.total += 1;
        state.pagination.totalPages = pagesFor(state.pagination.total, state.pagination.limit);
      })
      .addCase(submitComment.rejected, (state, action) => {
        state.submitStatus = 'failed';
        state.submitError = errorText(action.payload, SUBMIT_COMMENT_FAILED);
      })
      .addCase(likeComment.pending, (state, action) => {
        state.busyIds.push(action.meta.arg.commentId);
      })
      .addCase(likeComment.fulfilled, (state, action) => {
        const { commentId } = action.meta.arg;
        state.busyIds = state.busyIds.filter((id) => id !== commentId);
        const comment = state.comments.find((c) => c._id === commentId);
        if (!comment) return;
        const { userId, message } = action.payload;
        const others = comment.commentLikes.filter((id) => id !== userId);
        comment.commentLikes = message === COMMENT_LIKE_MESSAGES.liked ? [...others, userId] : others;
      })
      .addCase(likeComment.rejected, (state, action) => {
        state.busyIds = state.busyIds.filter((id) => id !== action.meta.arg.commentId);
      })
      .addCase(deleteComment.pending, (state, action) => {
        state.busyIds.push(action.meta.arg.commentId);
      })
      .addCase(deleteComment.fulfilled, (state, action) => {
        const { commentId, postId } = action.payload;
        state.busyIds = state.busyIds.filter((id) => id !== commentId);
        if (postId !== state.postId) return;
        const before = state.comments.length;
        state.comments = state.comments.filter((c) => c._id !== commentId);
        if (state.comments.length === before) return;
        state.pagination.total = Math.max(0, state.pagination.total - 1);
        state.pagination.totalPages = pagesFor(state.pagination.total, state.pagination.limit);
      })
      .addCase(deleteComment.rejected, (state, action) => {
        state.busyIds = state.busyIds.filter((id) => id !== action.meta.arg.commentId);
      })
      .addCase(deletePost.fulfilled, (state, action) => {
        if (action.payload.postId === state.postId) return { ...initialCommentsState, pagination: emptyPagination() };
      })
      .addMatcher(sessionChanged, () => ({ ...initialCommentsState, pagination: emptyPagination() }));
  },
});

export const { selectPost, clearCommentError } = commentsSlice.actions;
export default commentsSlice.reducer;

/** Calls of a post's comments (SPEC §7 "Posts, reactions, comments"). */
import type { CommentLikeResponse, CommentResponse, CommentsResponse } from '@plaza/contract';
import { PAGE_SIZES } from '@plaza/contract';
import { api } from './client';

export const commentsApi = {
  list: (postId: string, page: number, limit: number = PAGE_SIZES.comments) =>
    api.get<CommentsResponse>(`/comments/posts/${encodeURIComponent(postId)}/comments`, { params: { page, limit } }).then((r) => r.data),

  create: (postId: string, commentContent: string) =>
    api.post<CommentResponse>(`/comments/posts/${encodeURIComponent(postId)}/comments`, { commentContent }).then((r) => r.data.comment),

  /** Toggles: the answer's message says which way it went. */
  like: (commentId: string) => api.post<CommentLikeResponse>(`/comments/${encodeURIComponent(commentId)}/like`).then((r) => r.data),

  remove: (commentId: string) => api.delete(`/comments/${encodeURIComponent(commentId)}`).then(() => undefined),
};

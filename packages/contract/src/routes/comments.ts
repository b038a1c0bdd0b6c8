/** The operations of comments (product.md § Comments). */
import { successSchema } from '../common';
import { defineOperation } from '../operation';
import {
  commentLikeResponseSchema,
  commentParamsSchema,
  commentResponseSchema,
  commentsQuerySchema,
  commentsResponseSchema,
  createCommentBodySchema,
  postParamsSchema,
} from '../posts';

export const commentOperations = {
  listComments: defineOperation({
    operationId: 'listComments',
    method: 'GET',
    path: '/comments/posts/:postId/comments',
    summary: "A post's comments, newest first",
    tags: ['comments'],
    auth: true,
    params: postParamsSchema,
    querystring: commentsQuerySchema,
    responses: { 200: commentsResponseSchema },
    errors: [400, 401, 404],
  }),
  createComment: defineOperation({
    operationId: 'createComment',
    method: 'POST',
    path: '/comments/posts/:postId/comments',
    summary: 'Comment on a post (1–2,000 characters)',
    tags: ['comments'],
    auth: true,
    params: postParamsSchema,
    body: createCommentBodySchema,
    responses: { 201: commentResponseSchema },
    errors: [400, 401, 404, 409, 429],
    idempotent: true,
  }),
  toggleCommentLike: defineOperation({
    operationId: 'toggleCommentLike',
    method: 'POST',
    path: '/comments/:commentId/like',
    summary: 'Like or unlike a comment',
    tags: ['comments'],
    auth: true,
    params: commentParamsSchema,
    responses: { 200: commentLikeResponseSchema },
    errors: [400, 401, 404, 409, 429],
  }),
  deleteComment: defineOperation({
    operationId: 'deleteComment',
    method: 'DELETE',
    path: '/comments/:commentId',
    summary: "Delete a comment (its author or the post's author)",
    tags: ['comments'],
    auth: true,
    params: commentParamsSchema,
    responses: { 200: successSchema },
    errors: [400, 401, 403, 404],
  }),
};

/** HTTP routes of comments (CONTRACT "Comments"). */
import {
  commentLikeResponseSchema,
  commentParamsSchema,
  commentResponseSchema,
  commentsQuerySchema,
  commentsResponseSchema,
  createCommentBodySchema,
  postParamsSchema,
  successSchema,
} from '@plaza/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { authOf, makeRequireAuth } from '../../plugins/authenticate';
import type { CommentService } from './service';

export async function commentRoutes(fastify: FastifyInstance, ctx: AppContext, { comments }: { comments: CommentService }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const requireAuth = makeRequireAuth(ctx.auth);

  app.get('/comments/posts/:postId/comments', {
    onRequest: requireAuth,
    schema: {
      tags: ['comments'],
      summary: "A post's comments, newest first",
      params: postParamsSchema,
      querystring: commentsQuerySchema,
      response: { 200: commentsResponseSchema },
    },
    handler: async (req) => ({ success: true as const, ...(await comments.list(req.params.postId, req.query.page, req.query.limit)) }),
  });

  app.post('/comments/posts/:postId/comments', {
    onRequest: requireAuth,
    schema: {
      tags: ['comments'],
      summary: 'Comment on a post (1–2,000 characters)',
      params: postParamsSchema,
      body: createCommentBodySchema,
      response: { 201: commentResponseSchema },
    },
    handler: async (req, reply) => {
      const comment = await comments.create(authOf(req).userId, req.params.postId, req.body.commentContent);
      return reply.status(201).send({ success: true, comment });
    },
  });

  app.post('/comments/:commentId/like', {
    onRequest: requireAuth,
    schema: {
      tags: ['comments'],
      summary: 'Like or unlike a comment',
      params: commentParamsSchema,
      response: { 200: commentLikeResponseSchema },
    },
    handler: async (req) => {
      const userId = authOf(req).userId;
      return { success: true as const, userId, message: await comments.toggleLike(userId, req.params.commentId) };
    },
  });

  app.delete('/comments/:commentId', {
    onRequest: requireAuth,
    schema: {
      tags: ['comments'],
      summary: "Delete a comment (its author or the post's author)",
      params: commentParamsSchema,
      response: { 200: successSchema },
    },
    handler: async (req) => {
      await comments.remove(authOf(req).userId, req.params.commentId);
      return { success: true as const };
    },
  });
}

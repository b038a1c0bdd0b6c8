/** HTTP routes of comments (product.md § Comments). */
import { commentOperations as ops } from '@plaza/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { keyedWriteOf } from '../../idempotency/keyed-write';
import { contractRoute } from '../../lib/contract-route';
import { authOf, makeRequireAuth } from '../../plugins/authenticate';
import { perUser } from '../../security/limits';
import type { CommentService } from './service';

export async function commentRoutes(fastify: FastifyInstance, ctx: AppContext, { comments }: { comments: CommentService }) {
  const requireAuth = makeRequireAuth(ctx.auth);

  contractRoute(fastify, ops.listComments, {
    onRequest: requireAuth,
    handler: async (req) => ({
      success: true as const,
      ...(await comments.list(authOf(req).userId, req.params.postId, req.query.page, req.query.limit)),
    }),
  });

  contractRoute(fastify, ops.createComment, {
    onRequest: requireAuth,
    preHandler: perUser(ctx.limits, 'commentsPerUser'),
    handler: async (req, reply) => {
      const { commentContent, noPreview } = req.body;
      const comment = await comments.create(authOf(req).userId, req.params.postId, commentContent, noPreview, keyedWriteOf(req));
      return reply.status(201).send({ success: true, comment });
    },
  });

  contractRoute(fastify, ops.toggleCommentLike, {
    onRequest: requireAuth,
    preHandler: perUser(ctx.limits, 'reactionsPerUser'),
    handler: async (req) => {
      const userId = authOf(req).userId;
      return { success: true as const, userId, message: await comments.toggleLike(userId, req.params.commentId) };
    },
  });

  contractRoute(fastify, ops.deleteComment, {
    onRequest: requireAuth,
    handler: async (req) => {
      await comments.remove(authOf(req).userId, req.params.commentId);
      return { success: true as const };
    },
  });
}

/** HTTP routes of reactions (product.md § Reactions). */
import { reactionOperations as ops } from '@plaza/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { keyedWriteOf } from '../../idempotency/keyed-write';
import { contractRoute } from '../../lib/contract-route';
import { authOf, makeRequireAuth } from '../../plugins/authenticate';
import { perUser } from '../../security/limits';
import type { ReactionService } from './service';

export async function reactionRoutes(fastify: FastifyInstance, ctx: AppContext, { reactions }: { reactions: ReactionService }) {
  const requireAuth = makeRequireAuth(ctx.auth);

  contractRoute(fastify, ops.toggleReaction, {
    onRequest: requireAuth,
    preHandler: perUser(ctx.limits, 'reactionsPerUser'),
    handler: async (req, reply) => {
      const kind = req.body.reactionType;
      const arrivedAt = performance.now() - reply.elapsedTime;
      const outcome = await reactions.toggle(authOf(req).userId, req.params.postId, kind, arrivedAt, keyedWriteOf(req));
      return { success: true as const, action: outcome.action, reactionType: kind, totalReactions: outcome.totalReactions };
    },
  });

  contractRoute(fastify, ops.getReactions, {
    onRequest: requireAuth,
    handler: async (req) => ({ success: true as const, ...(await reactions.summary(authOf(req).userId, req.query.postId)) }),
  });
}

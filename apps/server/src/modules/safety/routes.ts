/** HTTP routes of blocks, mutes and how the caller stands with someone (product.md § Safety and moderation). */
import { safetyOperations as ops } from '@plaza/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { contractRoute } from '../../lib/contract-route';
import { authOf, makeRequireAuth } from '../../plugins/authenticate';
import type { SafetyService } from './service';

export async function safetyRoutes(fastify: FastifyInstance, ctx: AppContext, { safety }: { safety: SafetyService }) {
  const requireAuth = makeRequireAuth(ctx.auth);

  contractRoute(fastify, ops.blockUser, {
    onRequest: requireAuth,
    handler: async (req) => {
      await safety.block(authOf(req).userId, req.params.userId);
      return { success: true as const, userId: req.params.userId, blocked: true };
    },
  });

  contractRoute(fastify, ops.unblockUser, {
    onRequest: requireAuth,
    handler: async (req) => {
      await safety.unblock(authOf(req).userId, req.params.userId);
      return { success: true as const, userId: req.params.userId, blocked: false };
    },
  });

  contractRoute(fastify, ops.listBlocks, {
    onRequest: requireAuth,
    handler: async (req) => ({ success: true as const, ...(await safety.blocks(authOf(req).userId, req.query)) }),
  });

  contractRoute(fastify, ops.muteUser, {
    onRequest: requireAuth,
    handler: async (req) => {
      await safety.mute(authOf(req).userId, req.params.userId);
      return { success: true as const, userId: req.params.userId, muted: true };
    },
  });

  contractRoute(fastify, ops.unmuteUser, {
    onRequest: requireAuth,
    handler: async (req) => {
      await safety.unmute(authOf(req).userId, req.params.userId);
      return { success: true as const, userId: req.params.userId, muted: false };
    },
  });

  contractRoute(fastify, ops.listMutes, {
    onRequest: requireAuth,
    handler: async (req) => ({ success: true as const, ...(await safety.mutes(authOf(req).userId, req.query)) }),
  });

  contractRoute(fastify, ops.getRelation, {
    onRequest: requireAuth,
    handler: async (req) => ({
      success: true as const,
      userId: req.params.userId,
      ...(await safety.relation(authOf(req).userId, req.params.userId)),
    }),
  });
}

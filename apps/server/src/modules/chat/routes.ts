/** HTTP routes of the chat (product.md § Chat), group conversations' included. */
import { chatOperations as ops } from '@plaza/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { contractRoute } from '../../lib/contract-route';
import { authOf, makeRequireAuth } from '../../plugins/authenticate';
import { groupRoutes } from './groups/routes';
import type { GroupService } from './groups/service';
import type { ChatService } from './service';

export async function chatRoutes(
  fastify: FastifyInstance,
  ctx: AppContext,
  { service, groups }: { service: ChatService; groups: GroupService },
) {
  const requireAuth = makeRequireAuth(ctx.auth);
  groupRoutes(fastify, ctx, groups);

  contractRoute(fastify, ops.sendMessage, {
    onRequest: requireAuth,
    handler: async (req, reply) => {
      const { message, created } = await service.send(authOf(req).userId, req.body);
      return reply.status(created ? 201 : 200).send(message);
    },
  });

  contractRoute(fastify, ops.listConversations, {
    onRequest: requireAuth,
    handler: async (req) => ({ success: true as const, ...(await service.conversations(authOf(req).userId, req.query)) }),
  });

  contractRoute(fastify, ops.getChatHistory, {
    onRequest: requireAuth,
    handler: async (req) => service.history(authOf(req).userId, req.params.currentUserId, req.params.otherUserId, req.query),
  });

  contractRoute(fastify, ops.markChatRead, {
    onRequest: requireAuth,
    handler: async (req) => ({ success: true as const, readAt: await service.markRead(authOf(req).userId, req.params.otherUserId) }),
  });
}

/** HTTP routes of the chat (CONTRACT "Chat"). */
import { chatOperations as ops } from '@plaza/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { contractRoute } from '../../lib/contract-route';
import { authOf, makeRequireAuth } from '../../plugins/authenticate';
import type { ChatService } from './service';

export async function chatRoutes(fastify: FastifyInstance, ctx: AppContext, { service }: { service: ChatService }) {
  const requireAuth = makeRequireAuth(ctx.auth);

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

/** HTTP routes of friend requests and friendships (CONTRACT "Users, connections, search"). */
import {
  connectionChangeResponseSchema,
  connectionStatusParamsSchema,
  connectionStatusResponseSchema,
  friendRequestParamsSchema,
  targetUserBodySchema,
} from '@plaza/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { authOf, makeRequireAuth } from '../../plugins/authenticate';
import type { ConnectionService } from './connection-service';

export async function connectionRoutes(fastify: FastifyInstance, ctx: AppContext, { connections }: { connections: ConnectionService }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const requireAuth = makeRequireAuth(ctx.auth);
  const change = { 200: connectionChangeResponseSchema };

  app.get('/users/follow/connection-status/:targetUserId', {
    onRequest: requireAuth,
    schema: {
      tags: ['connections'],
      summary: 'How you stand with another user',
      params: connectionStatusParamsSchema,
      response: { 200: connectionStatusResponseSchema },
    },
    handler: async (req) => {
      const { targetUserId } = req.params;
      return { success: true as const, targetUserId, status: await connections.statusWith(authOf(req).userId, targetUserId) };
    },
  });

  app.post('/users/follow/friend-request/:actionType', {
    onRequest: requireAuth,
    schema: {
      tags: ['connections'],
      summary: 'Send, accept, decline or cancel a friend request',
      params: friendRequestParamsSchema,
      body: targetUserBodySchema,
      response: change,
    },
    handler: async (req) => {
      const { targetUserId } = req.body;
      return { success: true as const, targetUserId, ...(await connections.act(authOf(req).userId, req.params.actionType, targetUserId)) };
    },
  });

  app.post('/users/follow/friend-request/friend/remove', {
    onRequest: requireAuth,
    schema: { tags: ['connections'], summary: 'Remove a friend', body: targetUserBodySchema, response: change },
    handler: async (req) => {
      const { targetUserId } = req.body;
      return { success: true as const, targetUserId, ...(await connections.act(authOf(req).userId, 'remove', targetUserId)) };
    },
  });
}

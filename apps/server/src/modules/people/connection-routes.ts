/** HTTP routes of friend requests and friendships (product.md § Network and connections). */
import { connectionOperations as ops } from '@plaza/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { keyedWriteOf } from '../../idempotency/keyed-write';
import { contractRoute } from '../../lib/contract-route';
import { authOf, makeRequireAuth } from '../../plugins/authenticate';
import { perUser } from '../../security/limits';
import type { ConnectionService } from './connection-service';
import type { RequestService } from './request-service';

export async function connectionRoutes(
  fastify: FastifyInstance,
  ctx: AppContext,
  { connections, requests }: { connections: ConnectionService; requests: RequestService },
) {
  const requireAuth = makeRequireAuth(ctx.auth);

  contractRoute(fastify, ops.listFriendRequests, {
    onRequest: requireAuth,
    handler: async (req) => ({ success: true as const, ...(await requests.list(authOf(req).userId, req.query)) }),
  });

  contractRoute(fastify, ops.getConnectionStatus, {
    onRequest: requireAuth,
    handler: async (req) => {
      const { targetUserId } = req.params;
      return { success: true as const, targetUserId, status: await connections.statusWith(authOf(req).userId, targetUserId) };
    },
  });

  contractRoute(fastify, ops.actOnFriendRequest, {
    onRequest: requireAuth,
    preHandler: perUser(ctx.limits, 'friendRequestsPerUser'),
    handler: async (req) => {
      const { targetUserId } = req.body;
      const outcome = await connections.act(authOf(req).userId, req.params.actionType, targetUserId, keyedWriteOf(req));
      return { success: true as const, targetUserId, ...outcome };
    },
  });

  contractRoute(fastify, ops.removeFriend, {
    onRequest: requireAuth,
    preHandler: perUser(ctx.limits, 'friendRequestsPerUser'),
    handler: async (req) => {
      const { targetUserId } = req.body;
      return { success: true as const, targetUserId, ...(await connections.act(authOf(req).userId, 'remove', targetUserId)) };
    },
  });
}

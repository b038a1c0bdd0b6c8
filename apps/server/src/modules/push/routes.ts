/** HTTP routes of Web Push (product.md § Push notifications and preferences). */
import { pushOperations as ops } from '@plaza/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { contractRoute } from '../../lib/contract-route';
import { authOf, makeRequireAuth } from '../../plugins/authenticate';
import type { SubscriptionsService } from './subscriptions-service';

export async function pushRoutes(fastify: FastifyInstance, ctx: AppContext, { subscriptions }: { subscriptions: SubscriptionsService }) {
  const requireAuth = makeRequireAuth(ctx.auth);

  contractRoute(fastify, ops.getPushPublicKey, {
    onRequest: requireAuth,
    handler: async () => ({ success: true as const, key: ctx.config.push.vapid.publicKey }),
  });

  contractRoute(fastify, ops.addPushSubscription, {
    onRequest: requireAuth,
    handler: async (req, reply) => {
      await subscriptions.add(authOf(req).userId, req.body);
      return reply.code(201).send({ success: true as const });
    },
  });

  contractRoute(fastify, ops.removePushSubscription, {
    onRequest: requireAuth,
    handler: async (req) => {
      await subscriptions.remove(authOf(req).userId, req.body.endpoint);
      return { success: true as const };
    },
  });
}

/** HTTP routes of the caller's notifications (product.md § Notifications). */
import { notificationOperations as ops } from '@plaza/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { contractRoute } from '../../lib/contract-route';
import { authOf, makeRequireAuth } from '../../plugins/authenticate';
import type { InboxService } from './inbox-service';

export async function notificationRoutes(fastify: FastifyInstance, ctx: AppContext, { inbox }: { inbox: InboxService }) {
  const requireAuth = makeRequireAuth(ctx.auth);

  contractRoute(fastify, ops.listNotifications, {
    onRequest: requireAuth,
    handler: async (req) => ({ success: true as const, ...(await inbox.list(authOf(req).userId, req.query)) }),
  });

  contractRoute(fastify, ops.markNotificationRead, {
    onRequest: requireAuth,
    handler: async (req) => {
      await inbox.markRead(authOf(req).userId, req.params.id);
      return { success: true as const, _id: req.params.id, read: true as const };
    },
  });

  contractRoute(fastify, ops.clearNotifications, {
    onRequest: requireAuth,
    handler: async (req) => ({ success: true as const, deleted: await inbox.clear(authOf(req).userId) }),
  });
}

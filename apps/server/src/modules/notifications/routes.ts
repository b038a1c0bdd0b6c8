/** HTTP routes of the caller's notifications (CONTRACT "Notifications"). */
import {
  notificationParamsSchema,
  notificationReadResponseSchema,
  notificationsClearedResponseSchema,
  notificationsQuerySchema,
  notificationsResponseSchema,
} from '@plaza/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { authOf, makeRequireAuth } from '../../plugins/authenticate';
import type { InboxService } from './inbox-service';

export async function notificationRoutes(fastify: FastifyInstance, ctx: AppContext, { inbox }: { inbox: InboxService }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const requireAuth = makeRequireAuth(ctx.auth);

  app.get('/users/notifications', {
    onRequest: requireAuth,
    schema: {
      tags: ['notifications'],
      summary: 'Your notifications, newest first',
      querystring: notificationsQuerySchema,
      response: { 200: notificationsResponseSchema },
    },
    handler: async (req) => ({ success: true as const, ...(await inbox.list(authOf(req).userId, req.query)) }),
  });

  app.put('/users/notifications/:id/read', {
    onRequest: requireAuth,
    schema: {
      tags: ['notifications'],
      summary: 'Mark one of your notifications read',
      params: notificationParamsSchema,
      response: { 200: notificationReadResponseSchema },
    },
    handler: async (req) => {
      await inbox.markRead(authOf(req).userId, req.params.id);
      return { success: true as const, _id: req.params.id, read: true as const };
    },
  });

  app.delete('/users/notifications/clear', {
    onRequest: requireAuth,
    schema: { tags: ['notifications'], summary: 'Delete all your notifications', response: { 200: notificationsClearedResponseSchema } },
    handler: async (req) => ({ success: true as const, deleted: await inbox.clear(authOf(req).userId) }),
  });
}

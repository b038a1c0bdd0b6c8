/** HTTP routes of the caller's notification preferences (product.md § Push notifications and preferences). */
import { pushOperations as ops } from '@plaza/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { contractRoute } from '../../lib/contract-route';
import { authOf, makeRequireAuth } from '../../plugins/authenticate';
import type { PreferencesService } from './service';

export async function preferencesRoutes(fastify: FastifyInstance, ctx: AppContext, { preferences }: { preferences: PreferencesService }) {
  const requireAuth = makeRequireAuth(ctx.auth);

  contractRoute(fastify, ops.getNotificationPreferences, {
    onRequest: requireAuth,
    handler: async (req) => ({ success: true as const, preferences: await preferences.get(authOf(req).userId) }),
  });

  contractRoute(fastify, ops.putNotificationPreferences, {
    onRequest: requireAuth,
    handler: async (req) => ({ success: true as const, preferences: await preferences.put(authOf(req).userId, req.body) }),
  });
}

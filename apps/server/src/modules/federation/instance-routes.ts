/** Admins' view of the other servers, and their blocks (docs/decisions/federation.md). Served whether federation is on or off. */
import { adminOperations as admin } from '@plaza/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { contractRoute } from '../../lib/contract-route';
import { authOf, makeRequireAuth } from '../../plugins/authenticate';
import { requireRole } from '../moderation';
import { instancesRepo } from './instances-repo';

export async function instanceRoutes(fastify: FastifyInstance, ctx: AppContext): Promise<void> {
  const requireAuth = makeRequireAuth(ctx.auth);
  const instances = instancesRepo(ctx.db);
  const asAdmin = (userId: string) => requireRole(ctx.db, userId, ['admin']);

  contractRoute(fastify, admin.listInstances, {
    onRequest: requireAuth,
    handler: async (req) => {
      await asAdmin(authOf(req).userId);
      const list = await instances.list();
      return { success: true as const, instances: list.map((i) => ({ ...i, blocked: i.blockedAt !== null })) };
    },
  });

  contractRoute(fastify, admin.blockInstance, {
    onRequest: requireAuth,
    handler: async (req) => {
      await asAdmin(authOf(req).userId);
      await instances.block(req.params.host.toLowerCase());
      return { success: true as const };
    },
  });

  contractRoute(fastify, admin.unblockInstance, {
    onRequest: requireAuth,
    handler: async (req) => {
      await asAdmin(authOf(req).userId);
      await instances.unblock(req.params.host.toLowerCase());
      return { success: true as const };
    },
  });
}

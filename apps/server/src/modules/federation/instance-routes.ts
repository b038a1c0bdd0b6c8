/** Admins' view of the other servers, and their blocks (docs/decisions/federation.md). Served whether federation is on or off. */
import { adminOperations as admin } from '@plaza/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { contractRoute } from '../../lib/contract-route';
import { authOf, makeRequireAuth } from '../../plugins/authenticate';
import type { InstancesService } from './instances-service';

export async function instanceRoutes(fastify: FastifyInstance, ctx: AppContext, deps: { instances: InstancesService }): Promise<void> {
  const requireAuth = makeRequireAuth(ctx.auth);
  const { instances } = deps;

  contractRoute(fastify, admin.listInstances, {
    onRequest: requireAuth,
    handler: async (req) => ({ success: true as const, instances: await instances.list(authOf(req).userId) }),
  });

  contractRoute(fastify, admin.blockInstance, {
    onRequest: requireAuth,
    handler: async (req) => {
      await instances.block(authOf(req).userId, req.params.host);
      return { success: true as const };
    },
  });

  contractRoute(fastify, admin.unblockInstance, {
    onRequest: requireAuth,
    handler: async (req) => {
      await instances.unblock(authOf(req).userId, req.params.host);
      return { success: true as const };
    },
  });
}

/** HTTP routes of the network list, profiles, user search and suggestions (product.md § Network and connections, § Profiles, § Search, § Suggestions). */
import { peopleOperations as ops } from '@plaza/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { contractRoute } from '../../lib/contract-route';
import { authOf, makeRequireAuth } from '../../plugins/authenticate';
import { presentPublicUser, presentSelfUser } from '../users';
import type { NetworkService } from './network-service';
import type { ProfileService } from './profile-service';
import type { SearchService } from './search-service';

export async function peopleRoutes(
  fastify: FastifyInstance,
  ctx: AppContext,
  { network, profiles, search }: { network: NetworkService; profiles: ProfileService; search: SearchService },
) {
  const requireAuth = makeRequireAuth(ctx.auth);

  contractRoute(fastify, ops.listNetwork, {
    onRequest: requireAuth,
    handler: async (req) => {
      const { users, pagination } = await network.network(authOf(req).userId, req.query);
      return { success: true as const, data: users, pagination };
    },
  });

  contractRoute(fastify, ops.getOwnProfile, {
    onRequest: requireAuth,
    handler: async (req) => {
      const { user, stats } = await profiles.own(authOf(req).userId, req.params.authUser);
      return { success: true as const, data: { user: presentSelfUser(user), stats } };
    },
  });

  contractRoute(fastify, ops.getVisitedProfile, {
    onRequest: requireAuth,
    handler: async (req) => {
      const p = await profiles.visited(authOf(req).userId, req.params.authUser, req.params.userName);
      return {
        success: true as const,
        data: { user: presentPublicUser(p.user), stats: p.stats, connectionStatus: p.connectionStatus, mutualFriends: p.mutualFriends },
      };
    },
  });

  contractRoute(fastify, ops.searchUsers, {
    onRequest: requireAuth,
    handler: async (req) => ({
      success: true as const,
      users: (await search.searchUsers(authOf(req).userId, req.query.query)).map(presentPublicUser),
    }),
  });

  contractRoute(fastify, ops.listSuggestions, {
    onRequest: requireAuth,
    handler: async (req) => {
      const data = await network.suggestions(authOf(req).userId, req.query);
      return { success: true as const, data, message: data.suggestions.length ? 'Suggested users found' : 'No suggestions right now' };
    },
  });
}

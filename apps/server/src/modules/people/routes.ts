/** HTTP routes of the network list, profiles, user search and suggestions (CONTRACT "Users, connections, search"). */
import {
  networkQuerySchema,
  networkResponseSchema,
  ownProfileParamsSchema,
  ownProfileResponseSchema,
  suggestionsQuerySchema,
  suggestionsResponseSchema,
  userSearchQuerySchema,
  userSearchResponseSchema,
  visitedProfileParamsSchema,
  visitedProfileResponseSchema,
} from '@plaza/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
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
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const requireAuth = makeRequireAuth(ctx.auth);

  app.get('/users/network', {
    onRequest: requireAuth,
    schema: {
      tags: ['people'],
      summary: 'Other users with your connection status, optionally filtered by name',
      querystring: networkQuerySchema,
      response: { 200: networkResponseSchema },
    },
    handler: async (req) => {
      const { users, pagination } = await network.network(authOf(req).userId, req.query);
      return { success: true as const, data: users, pagination };
    },
  });

  app.get('/users/u/profile/:authUser', {
    onRequest: requireAuth,
    schema: {
      tags: ['people'],
      summary: 'Your own profile with its counts',
      params: ownProfileParamsSchema,
      response: { 200: ownProfileResponseSchema },
    },
    handler: async (req) => {
      const { user, stats } = await profiles.own(authOf(req).userId, req.params.authUser);
      return { success: true as const, data: { user: presentSelfUser(user), stats } };
    },
  });

  app.get('/users/u/profile/:authUser/visited/:userName', {
    onRequest: requireAuth,
    schema: {
      tags: ['people'],
      summary: "Another user's profile as you see it",
      params: visitedProfileParamsSchema,
      response: { 200: visitedProfileResponseSchema },
    },
    handler: async (req) => {
      const p = await profiles.visited(authOf(req).userId, req.params.authUser, req.params.userName);
      return {
        success: true as const,
        data: { user: presentPublicUser(p.user), stats: p.stats, connectionStatus: p.connectionStatus, mutualFriends: p.mutualFriends },
      };
    },
  });

  app.get('/search/users', {
    onRequest: requireAuth,
    schema: {
      tags: ['people'],
      summary: 'Up to 20 users by name: prefix matches first, then substring matches',
      querystring: userSearchQuerySchema,
      response: { 200: userSearchResponseSchema },
    },
    handler: async (req) => ({
      success: true as const,
      users: (await search.searchUsers(authOf(req).userId, req.query.query)).map(presentPublicUser),
    }),
  });

  app.get('/users/suggested-users', {
    onRequest: requireAuth,
    schema: {
      tags: ['people'],
      summary: 'People you may know: friends of friends first, then new users',
      querystring: suggestionsQuerySchema,
      response: { 200: suggestionsResponseSchema },
    },
    handler: async (req) => {
      const data = await network.suggestions(authOf(req).userId, req.query);
      return { success: true as const, data, message: data.suggestions.length ? 'Suggested users found' : 'No suggestions right now' };
    },
  });
}

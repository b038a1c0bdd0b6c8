/** HTTP routes of favorites (product.md § Favorites). */
import { favoriteOperations as ops } from '@plaza/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { contractRoute } from '../../lib/contract-route';
import { authOf, makeRequireAuth } from '../../plugins/authenticate';
import type { FavoriteService } from './favorite-service';

export async function favoriteRoutes(fastify: FastifyInstance, ctx: AppContext, { favorites }: { favorites: FavoriteService }) {
  const requireAuth = makeRequireAuth(ctx.auth);

  contractRoute(fastify, ops.toggleFavorite, {
    onRequest: requireAuth,
    handler: async (req) => ({ success: true as const, isFavorite: await favorites.toggle(authOf(req).userId, req.params.postId) }),
  });

  contractRoute(fastify, ops.listFavorites, {
    onRequest: requireAuth,
    handler: async (req) => ({ success: true as const, ...(await favorites.list(authOf(req).userId, req.query)) }),
  });
}

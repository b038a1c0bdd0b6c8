/** HTTP routes of favorites (CONTRACT "Favorites"). */
import { favoriteResponseSchema, favoritesResponseSchema, postParamsSchema, postsPageQuerySchema } from '@plaza/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { authOf, makeRequireAuth } from '../../plugins/authenticate';
import type { FavoriteService } from './favorite-service';

export async function favoriteRoutes(fastify: FastifyInstance, ctx: AppContext, { favorites }: { favorites: FavoriteService }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const requireAuth = makeRequireAuth(ctx.auth);

  app.put('/posts/:postId/favorite', {
    onRequest: requireAuth,
    schema: {
      tags: ['favorites'],
      summary: 'Mark or unmark a post as a favorite',
      params: postParamsSchema,
      response: { 200: favoriteResponseSchema },
    },
    handler: async (req) => ({ success: true as const, isFavorite: await favorites.toggle(authOf(req).userId, req.params.postId) }),
  });

  app.get('/posts/favorites', {
    onRequest: requireAuth,
    schema: {
      tags: ['favorites'],
      summary: "The caller's favorite posts, most recently marked first",
      querystring: postsPageQuerySchema,
      response: { 200: favoritesResponseSchema },
    },
    handler: async (req) => ({ success: true as const, ...(await favorites.list(authOf(req).userId, req.query)) }),
  });
}

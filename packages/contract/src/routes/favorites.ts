/** The operations of favorites (product.md § Favorites). */
import { defineOperation } from '../operation';
import { favoriteResponseSchema, favoritesResponseSchema, postParamsSchema, postsPageQuerySchema } from '../posts';

export const favoriteOperations = {
  toggleFavorite: defineOperation({
    operationId: 'toggleFavorite',
    method: 'PUT',
    path: '/posts/:postId/favorite',
    summary: 'Mark or unmark a post as a favorite',
    tags: ['favorites'],
    auth: true,
    params: postParamsSchema,
    responses: { 200: favoriteResponseSchema },
    errors: [400, 401, 404, 409],
  }),
  listFavorites: defineOperation({
    operationId: 'listFavorites',
    method: 'GET',
    path: '/posts/favorites',
    summary: "The caller's favorite posts, most recently marked first",
    tags: ['favorites'],
    auth: true,
    querystring: postsPageQuerySchema,
    responses: { 200: favoritesResponseSchema },
    errors: [400, 401],
  }),
};

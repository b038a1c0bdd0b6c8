/** The operations of reactions (product.md § Reactions). */
import { defineOperation } from '../operation';
import { postParamsSchema, reactBodySchema, reactionsQuerySchema, reactionsResponseSchema, reactResponseSchema } from '../posts';

export const reactionOperations = {
  toggleReaction: defineOperation({
    operationId: 'toggleReaction',
    method: 'PUT',
    path: '/posts/react/:postId',
    summary: 'Add the reaction kind if the caller lacks it, remove it if they hold it',
    tags: ['reactions'],
    auth: true,
    params: postParamsSchema,
    body: reactBodySchema,
    responses: { 200: reactResponseSchema },
    errors: [400, 401, 404, 409, 429],
    idempotent: true,
  }),
  getReactions: defineOperation({
    operationId: 'getReactions',
    method: 'GET',
    path: '/posts/p/reactions-all',
    summary: "A post's reactions per kind, with the latest 20 people of each",
    tags: ['reactions'],
    auth: true,
    querystring: reactionsQuerySchema,
    responses: { 200: reactionsResponseSchema },
    errors: [400, 401, 404],
  }),
};

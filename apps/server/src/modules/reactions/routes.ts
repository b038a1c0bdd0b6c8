/** HTTP routes of reactions (CONTRACT "Reactions"). */
import { postParamsSchema, reactBodySchema, reactionsQuerySchema, reactionsResponseSchema, reactResponseSchema } from '@plaza/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { authOf, makeRequireAuth } from '../../plugins/authenticate';
import type { ReactionService } from './service';

export async function reactionRoutes(fastify: FastifyInstance, ctx: AppContext, { reactions }: { reactions: ReactionService }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const requireAuth = makeRequireAuth(ctx.auth);

  app.put('/posts/react/:postId', {
    onRequest: requireAuth,
    schema: {
      tags: ['reactions'],
      summary: 'Add the reaction kind if the caller lacks it, remove it if they hold it',
      params: postParamsSchema,
      body: reactBodySchema,
      response: { 200: reactResponseSchema },
    },
    handler: async (req) => {
      const kind = req.body.reactionType;
      const outcome = await reactions.toggle(authOf(req).userId, req.params.postId, kind);
      return { success: true as const, action: outcome.action, reactionType: kind, totalReactions: outcome.totalReactions };
    },
  });

  app.get('/posts/p/reactions-all', {
    onRequest: requireAuth,
    schema: {
      tags: ['reactions'],
      summary: "A post's reactions per kind, with the latest 20 people of each",
      querystring: reactionsQuerySchema,
      response: { 200: reactionsResponseSchema },
    },
    handler: async (req) => ({ success: true as const, ...(await reactions.summary(authOf(req).userId, req.query.postId)) }),
  });
}

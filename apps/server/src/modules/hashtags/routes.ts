/** HTTP routes of hashtags (product.md § Hashtags). */
import { hashtagOperations as ops } from '@plaza/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { contractRoute } from '../../lib/contract-route';
import { authOf, makeRequireAuth } from '../../plugins/authenticate';
import type { HashtagService } from './service';

export async function hashtagRoutes(fastify: FastifyInstance, ctx: AppContext, { hashtags }: { hashtags: HashtagService }) {
  const requireAuth = makeRequireAuth(ctx.auth);

  contractRoute(fastify, ops.listTagPosts, {
    onRequest: requireAuth,
    handler: async (req) => {
      const page = await hashtags.postsOf(authOf(req).userId, req.params.tag, req.query);
      return { success: true as const, data: page.posts, pagination: page.pagination };
    },
  });

  contractRoute(fastify, ops.listTrendingTags, {
    onRequest: requireAuth,
    handler: async (req) => ({ success: true as const, data: await hashtags.trending(authOf(req).userId) }),
  });

  contractRoute(fastify, ops.searchTags, {
    onRequest: requireAuth,
    handler: async (req) => ({ success: true as const, tags: await hashtags.search(authOf(req).userId, req.query.query) }),
  });
}

/** HTTP routes of stories (product.md § Stories). */
import { storyOperations as ops } from '@plaza/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { contractRoute } from '../../lib/contract-route';
import { authOf, makeRequireAuth } from '../../plugins/authenticate';
import { perUser } from '../../security/limits';
import type { StoryService } from './service';
import { receiveStoryUpload } from './upload';

export async function storyRoutes(fastify: FastifyInstance, ctx: AppContext, { stories }: { stories: StoryService }) {
  const requireAuth = makeRequireAuth(ctx.auth);

  contractRoute(fastify, ops.listStories, {
    onRequest: requireAuth,
    handler: async (req) => ({ success: true as const, ...(await stories.list(authOf(req).userId)) }),
  });

  contractRoute(fastify, ops.createStory, {
    onRequest: requireAuth,
    // Uploads are the costly call: a per-person budget stops a runaway client filling the disk.
    preHandler: perUser(ctx.limits, 'uploadsPerUser'),
    handler: async (req, reply) => {
      const userId = authOf(req).userId;
      const upload = await receiveStoryUpload(req, ctx.storage);
      return reply.status(201).send({ success: true, story: await stories.create(userId, upload) });
    },
  });

  contractRoute(fastify, ops.viewStory, {
    onRequest: requireAuth,
    handler: async (req) => {
      await stories.view(req.params.storyId, authOf(req).userId);
      return { success: true as const, viewed: true as const };
    },
  });

  contractRoute(fastify, ops.listStoryViewers, {
    onRequest: requireAuth,
    handler: async (req) => ({ success: true as const, ...(await stories.viewers(req.params.storyId, authOf(req).userId)) }),
  });

  contractRoute(fastify, ops.deleteStory, {
    onRequest: requireAuth,
    handler: async (req) => {
      await stories.delete(req.params.storyId, authOf(req).userId);
      return { success: true as const };
    },
  });
}

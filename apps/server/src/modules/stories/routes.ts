/** HTTP routes of stories (CONTRACT "Stories"). */
import { storyOperations as ops } from '@plaza/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { contractRoute } from '../../lib/contract-route';
import { TooManyRequestsError } from '../../lib/errors';
import { authOf, makeRequireAuth } from '../../plugins/authenticate';
import type { StoryService } from './service';
import { receiveStoryUpload } from './upload';

/** Uploads are the costly call: a generous per-person cap still stops a runaway client filling the disk. */
const createRateLimit = {
  max: 30,
  timeWindow: '1 minute',
  keyGenerator: (req: FastifyRequest) => `story:${req.auth?.userId ?? req.ip}`,
  errorResponseBuilder: (_req: FastifyRequest, c: { ttl: number }) =>
    new TooManyRequestsError('Too many stories at once. Please wait a moment.', Math.max(1, Math.ceil(c.ttl / 1000))),
};

export async function storyRoutes(fastify: FastifyInstance, ctx: AppContext, { stories }: { stories: StoryService }) {
  const requireAuth = makeRequireAuth(ctx.auth);

  contractRoute(fastify, ops.listStories, {
    onRequest: requireAuth,
    handler: async (req) => ({ success: true as const, ...(await stories.list(authOf(req).userId)) }),
  });

  contractRoute(fastify, ops.createStory, {
    onRequest: requireAuth,
    config: { rateLimit: createRateLimit },
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

/** HTTP routes of stories (CONTRACT "Stories"). */
import {
  createStoryResponseSchema,
  storiesResponseSchema,
  storyParamsSchema,
  storyViewersResponseSchema,
  successSchema,
  viewStoryResponseSchema,
} from '@plaza/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
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
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const requireAuth = makeRequireAuth(ctx.auth);

  app.get('/users/u/stories/all', {
    onRequest: requireAuth,
    schema: {
      tags: ['stories'],
      summary: "The caller's and friends' live stories, grouped by person",
      response: { 200: storiesResponseSchema },
    },
    handler: async (req) => ({ success: true as const, ...(await stories.list(authOf(req).userId)) }),
  });

  app.post('/users/u/stories/create', {
    onRequest: requireAuth,
    config: { rateLimit: createRateLimit },
    schema: {
      tags: ['stories'],
      summary:
        'Publish a story (multipart `media`: JPEG/PNG/WebP/GIF up to 10 MB or MP4/WebM up to 50 MB; optional `caption` up to 200 characters)',
      response: { 201: createStoryResponseSchema },
    },
    handler: async (req, reply) => {
      const userId = authOf(req).userId;
      const upload = await receiveStoryUpload(req, ctx.storage);
      return reply.status(201).send({ success: true, story: await stories.create(userId, upload) });
    },
  });

  app.post('/users/u/stories/s/:storyId/view', {
    onRequest: requireAuth,
    schema: {
      tags: ['stories'],
      summary: 'Mark a story watched (idempotent)',
      params: storyParamsSchema,
      response: { 200: viewStoryResponseSchema },
    },
    handler: async (req) => {
      await stories.view(req.params.storyId, authOf(req).userId);
      return { success: true as const, viewed: true as const };
    },
  });

  app.get('/users/u/stories/s/:storyId/viewers', {
    onRequest: requireAuth,
    schema: {
      tags: ['stories'],
      summary: 'Who watched your story, latest first',
      params: storyParamsSchema,
      response: { 200: storyViewersResponseSchema },
    },
    handler: async (req) => ({ success: true as const, ...(await stories.viewers(req.params.storyId, authOf(req).userId)) }),
  });

  app.delete('/users/u/stories/s/:storyId', {
    onRequest: requireAuth,
    schema: { tags: ['stories'], summary: 'Delete your story and its file', params: storyParamsSchema, response: { 200: successSchema } },
    handler: async (req) => {
      await stories.delete(req.params.storyId, authOf(req).userId);
      return { success: true as const };
    },
  });
}

/**
 * HTTP routes of posts and the home feed (CONTRACT "Posts, reactions, comments, favorites"). The router
 * prefers static segments, so /posts/my-posts, /posts/favorites, /posts/user/… and /posts/p/… are never
 * taken for a post id or an `{authUser}`.
 */
import {
  feedParamsSchema,
  feedQuerySchema,
  feedResponseSchema,
  postParamsSchema,
  postResponseSchema,
  postsPageQuerySchema,
  successSchema,
  userPostsParamsSchema,
  userPostsResponseSchema,
} from '@plaza/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { TooManyRequestsError } from '../../lib/errors';
import { authOf, makeRequireAuth } from '../../plugins/authenticate';
import { sendRawJson } from '../../lib/raw-json';
import { feedResponseJson } from './presenters';
import type { PostService } from './service';
import { receivePostUpload } from './upload';

/** Uploads are the costly call: a generous per-person cap still stops a runaway client filling the disk. */
const createRateLimit = {
  max: 30,
  timeWindow: '1 minute',
  keyGenerator: (req: FastifyRequest) => `post:${req.auth?.userId ?? req.ip}`,
  errorResponseBuilder: (_req: FastifyRequest, c: { ttl: number }) =>
    new TooManyRequestsError('Too many posts at once. Please wait a moment.', Math.max(1, Math.ceil(c.ttl / 1000))),
};

export async function postRoutes(fastify: FastifyInstance, ctx: AppContext, { posts }: { posts: PostService }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const requireAuth = makeRequireAuth(ctx.auth);

  app.post('/posts', {
    onRequest: requireAuth,
    config: { rateLimit: createRateLimit },
    schema: {
      tags: ['posts'],
      summary: 'Publish a post (multipart: `content` up to 5,000 characters and up to 4 `images`, each up to 10 MB; at least one of them)',
      response: { 201: postResponseSchema },
    },
    handler: async (req, reply) => {
      const userId = authOf(req).userId;
      const upload = await receivePostUpload(req);
      return reply.status(201).send({ success: true, post: await posts.create(userId, upload) });
    },
  });

  app.get('/posts/my-posts', {
    onRequest: requireAuth,
    schema: {
      tags: ['posts'],
      summary: "The caller's posts, newest first",
      querystring: postsPageQuerySchema,
      response: { 200: userPostsResponseSchema },
    },
    handler: async (req) => {
      const page = await posts.myPosts(authOf(req).userId, req.query);
      return { success: true as const, userPosts: page.posts, pagination: page.pagination };
    },
  });

  app.get('/posts/user/:userName', {
    onRequest: requireAuth,
    schema: {
      tags: ['posts'],
      summary: "A person's posts for their profile, newest first",
      params: userPostsParamsSchema,
      querystring: postsPageQuerySchema,
      response: { 200: userPostsResponseSchema },
    },
    handler: async (req) => {
      const page = await posts.postsOf(authOf(req).userId, req.params.userName, req.query);
      return { success: true as const, userPosts: page.posts, pagination: page.pagination };
    },
  });

  app.get('/posts/:authUser/feeds', {
    onRequest: requireAuth,
    schema: {
      tags: ['posts'],
      summary: "The home feed: the caller's and friends' posts, newest first (`authUser` is the caller's user name)",
      params: feedParamsSchema,
      querystring: feedQuerySchema,
      response: { 200: feedResponseSchema },
    },
    handler: async (req, reply) => {
      const page = await posts.feed(authOf(req).userId, req.params.authUser, req.query);
      return sendRawJson(reply, feedResponseJson(page), feedResponseSchema, ctx.config.validateResponses);
    },
  });

  app.get('/posts/:postId', {
    onRequest: requireAuth,
    schema: { tags: ['posts'], summary: 'One post', params: postParamsSchema, response: { 200: postResponseSchema } },
    handler: async (req) => ({ success: true as const, post: await posts.get(authOf(req).userId, req.params.postId) }),
  });

  app.delete('/posts/:postId', {
    onRequest: requireAuth,
    schema: {
      tags: ['posts'],
      summary: 'Delete a post (author only) with its images, reactions, comments and favorites',
      params: postParamsSchema,
      response: { 200: successSchema },
    },
    handler: async (req) => {
      await posts.remove(authOf(req).userId, req.params.postId);
      return { success: true as const };
    },
  });
}

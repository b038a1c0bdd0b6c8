/**
 * HTTP routes of posts and the home feed (product.md § Posts, § Feed). The router
 * prefers static segments, so /posts/my-posts, /posts/favorites, /posts/user/… and /posts/p/… are never
 * taken for a post id or an `{authUser}`.
 */
import { postOperations as ops } from '@plaza/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { keyedWriteOf } from '../../idempotency/keyed-write';
import { contractRoute } from '../../lib/contract-route';
import { authOf, makeRequireAuth } from '../../plugins/authenticate';
import { perUser } from '../../security/limits';
import { sendRawJson } from '../../lib/raw-json';
import { schemaSerializer } from '../../lib/schema-serializer';
import { feedResponse, feedResponseJson } from './presenters';
import type { PostService } from './service';
import { receivePostUpload } from './upload';

/** The feed's serializer when its pages are not spliced from bytes (Config.without `byteSplicing`). */
const serializeFeed = schemaSerializer(ops.getFeed.responses[200]);

export async function postRoutes(fastify: FastifyInstance, ctx: AppContext, { posts }: { posts: PostService }) {
  const requireAuth = makeRequireAuth(ctx.auth);

  contractRoute(fastify, ops.createPost, {
    onRequest: requireAuth,
    // Uploads are the costly call: a per-person budget stops a runaway client filling the disk.
    preHandler: perUser(ctx.limits, 'uploadsPerUser'),
    handler: async (req, reply) => {
      const userId = authOf(req).userId;
      const write = keyedWriteOf(req);
      // An earlier attempt with this key stored its post and its answer was lost: that post is the answer,
      // and the repeat's upload is left unread.
      if (write?.result) return reply.status(201).send({ success: true, post: await posts.get(userId, write.result) });
      await posts.checkUnverifiedQuota(userId);
      const upload = await receivePostUpload(req, ctx.storage);
      return reply.status(201).send({ success: true, post: await posts.create(userId, upload, write) });
    },
  });

  contractRoute(fastify, ops.listMyPosts, {
    onRequest: requireAuth,
    handler: async (req) => {
      const page = await posts.myPosts(authOf(req).userId, req.query);
      return { success: true as const, userPosts: page.posts, pagination: page.pagination };
    },
  });

  contractRoute(fastify, ops.listUserPosts, {
    onRequest: requireAuth,
    handler: async (req) => {
      const page = await posts.postsOf(authOf(req).userId, req.params.userName, req.query);
      return { success: true as const, userPosts: page.posts, pagination: page.pagination };
    },
  });

  contractRoute(fastify, ops.getFeed, {
    onRequest: requireAuth,
    handler: async (req, reply) => {
      const page = await posts.feed(authOf(req).userId, req.params.authUser, req.query);
      const body = 'feedsJson' in page ? feedResponseJson(page) : serializeFeed(feedResponse(page));
      return sendRawJson(reply, body, ops.getFeed.responses[200], ctx.config.validateResponses);
    },
  });

  contractRoute(fastify, ops.getPost, {
    onRequest: requireAuth,
    handler: async (req) => ({ success: true as const, post: await posts.get(authOf(req).userId, req.params.postId) }),
  });

  contractRoute(fastify, ops.updatePost, {
    onRequest: requireAuth,
    handler: async (req) => ({ success: true as const, post: await posts.update(authOf(req).userId, req.params.postId, req.body) }),
  });

  contractRoute(fastify, ops.deletePost, {
    onRequest: requireAuth,
    handler: async (req) => {
      await posts.remove(authOf(req).userId, req.params.postId);
      return { success: true as const };
    },
  });
}

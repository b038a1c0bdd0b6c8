/** HTTP routes of the chat (CONTRACT "Chat"). */
import {
  chatHistoryParamsSchema,
  chatHistoryQuerySchema,
  chatHistoryResponseSchema,
  conversationsQuerySchema,
  conversationsResponseSchema,
  markReadParamsSchema,
  markReadResponseSchema,
  messageSchema,
  sendMessageBodySchema,
} from '@plaza/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { authOf, makeRequireAuth } from '../../plugins/authenticate';
import type { ChatService } from './service';

export async function chatRoutes(fastify: FastifyInstance, ctx: AppContext, { service }: { service: ChatService }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const requireAuth = makeRequireAuth(ctx.auth);

  app.post('/chats/send', {
    onRequest: requireAuth,
    schema: {
      tags: ['chat'],
      summary: 'Send a message (201); a repeated clientMessageId returns the original (200)',
      body: sendMessageBodySchema,
      response: { 200: messageSchema, 201: messageSchema },
    },
    handler: async (req, reply) => {
      const { message, created } = await service.send(authOf(req).userId, req.body);
      return reply.status(created ? 201 : 200).send(message);
    },
  });

  app.get('/chats/conversations', {
    onRequest: requireAuth,
    schema: {
      tags: ['chat'],
      summary: 'Conversations with last message and unread count, most recent first',
      querystring: conversationsQuerySchema,
      response: { 200: conversationsResponseSchema },
    },
    handler: async (req) => ({ success: true as const, data: await service.conversations(authOf(req).userId, req.query.limit) }),
  });

  app.get('/chats/:currentUserId/:otherUserId', {
    onRequest: requireAuth,
    schema: {
      tags: ['chat'],
      summary: 'Message history of two users, oldest first; `before` pages back',
      params: chatHistoryParamsSchema,
      querystring: chatHistoryQuerySchema,
      response: { 200: chatHistoryResponseSchema },
    },
    handler: async (req) => service.history(authOf(req).userId, req.params.currentUserId, req.params.otherUserId, req.query),
  });

  app.post('/chats/:otherUserId/read', {
    onRequest: requireAuth,
    schema: {
      tags: ['chat'],
      summary: 'Mark what the other user sent you as read',
      params: markReadParamsSchema,
      response: { 200: markReadResponseSchema },
    },
    handler: async (req) => ({ success: true as const, readAt: await service.markRead(authOf(req).userId, req.params.otherUserId) }),
  });
}

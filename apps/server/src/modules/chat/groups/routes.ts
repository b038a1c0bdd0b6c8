/** HTTP routes of group conversations (product.md § Group conversations): parse, call the service, shape the reply. */
import { GROUP_CHAT, groupOperations as ops } from '@plaza/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../context';
import { contractRoute } from '../../../lib/contract-route';
import { BadRequestError, sentence } from '../../../lib/errors';
import { authOf, makeRequireAuth } from '../../../plugins/authenticate';
import { perUser } from '../../../security/limits';
import type { GroupService } from './service';

export function groupRoutes(fastify: FastifyInstance, ctx: AppContext, groups: GroupService) {
  const requireAuth = makeRequireAuth(ctx.auth);
  const ok = true as const;

  contractRoute(fastify, ops.createGroup, {
    onRequest: requireAuth,
    handler: async (req, reply) => reply.status(201).send({ success: ok, conversation: await groups.create(authOf(req).userId, req.body) }),
  });

  contractRoute(fastify, ops.getGroup, {
    onRequest: requireAuth,
    handler: async (req) => ({ success: ok, conversation: await groups.get(authOf(req).userId, req.params.id) }),
  });

  contractRoute(fastify, ops.updateGroup, {
    onRequest: requireAuth,
    handler: async (req) => ({ success: ok, conversation: await groups.update(authOf(req).userId, req.params.id, req.body) }),
  });

  contractRoute(fastify, ops.uploadGroupPhoto, {
    onRequest: requireAuth,
    preHandler: perUser(ctx.limits, 'uploadsPerUser'),
    handler: async (req) => {
      const file = await req.file({ limits: { fileSize: GROUP_CHAT.photoBytes, files: 1 } });
      if (!file || file.fieldname !== 'photo')
        throw new BadRequestError(sentence('error.group.photoMissing'), [{ path: 'photo', message: 'Required' }]);
      const bytes = await file.toBuffer();
      return { success: ok, conversation: await groups.uploadPhoto(authOf(req).userId, req.params.id, bytes) };
    },
  });

  contractRoute(fastify, ops.addGroupMembers, {
    onRequest: requireAuth,
    handler: async (req) => ({ success: ok, conversation: await groups.addMembers(authOf(req).userId, req.params.id, req.body) }),
  });

  contractRoute(fastify, ops.removeGroupMember, {
    onRequest: requireAuth,
    handler: async (req) => {
      await groups.removeMember(authOf(req).userId, req.params.id, req.params.userId);
      return { success: ok };
    },
  });

  contractRoute(fastify, ops.getGroupMessages, {
    onRequest: requireAuth,
    handler: async (req) => ({ success: ok, data: await groups.history(authOf(req).userId, req.params.id, req.query) }),
  });

  contractRoute(fastify, ops.sendGroupMessage, {
    onRequest: requireAuth,
    handler: async (req, reply) => {
      const { message, created } = await groups.send(authOf(req).userId, req.params.id, req.body);
      return reply.status(created ? 201 : 200).send({ success: ok, message });
    },
  });

  contractRoute(fastify, ops.markGroupRead, {
    onRequest: requireAuth,
    handler: async (req) => ({ success: ok, seq: await groups.markRead(authOf(req).userId, req.params.id, req.body?.messageId) }),
  });

  contractRoute(fastify, ops.muteGroup, {
    onRequest: requireAuth,
    handler: async (req) => ({ success: ok, muted: await groups.mute(authOf(req).userId, req.params.id, req.body.muted) }),
  });
}

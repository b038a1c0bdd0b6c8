/** Routes of the signed-in user's own account (product.md § Settings and your data). */
import { accountOperations as ops, LIMITS } from '@plaza/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { contractRoute } from '../../lib/contract-route';
import { BadRequestError, sentence } from '../../lib/errors';
import { sendRawJson } from '../../lib/raw-json';
import { authOf, makeRequireAuth } from '../../plugins/authenticate';
import { perAddress, perUser } from '../../security/limits';
import { presentSelfUser } from './presenters';
import type { AccountService } from './service';

export async function accountRoutes(fastify: FastifyInstance, ctx: AppContext, { accounts }: { accounts: AccountService }) {
  const requireAuth = makeRequireAuth(ctx.auth);

  contractRoute(fastify, ops.checkUserNameAvailable, {
    // The signup form asks as the user types, so this budget is looser than login's.
    preHandler: perAddress(ctx.limits, 'userNameCheckPerAddress'),
    handler: async (req) => ({ success: true as const, valid: await accounts.userNameAvailable(req.body.sendUsername) }),
  });

  contractRoute(fastify, ops.getMe, {
    onRequest: requireAuth,
    // Not async: a kept body is sent without a promise; only a body to read waits for one.
    handler: (req, reply) => {
      const userId = authOf(req).userId;
      const send = (body: string) => sendRawJson(reply, body, ops.getMe.responses[200], ctx.config.validateResponses);
      const kept = accounts.selfReply.kept(userId);
      if (kept !== undefined) {
        send(kept);
        return;
      }
      return accounts.selfReply.get(userId).then(send);
    },
  });

  contractRoute(fastify, ops.updateMe, {
    onRequest: requireAuth,
    handler: async (req) => ({ success: true as const, user: presentSelfUser(await accounts.update(authOf(req).userId, req.body)) }),
  });

  contractRoute(fastify, ops.uploadAvatar, {
    onRequest: requireAuth,
    preHandler: perUser(ctx.limits, 'uploadsPerUser'),
    handler: async (req) => {
      const file = await req.file({ limits: { fileSize: LIMITS.avatarBytes, files: 1 } });
      if (!file || file.fieldname !== 'avatar')
        throw new BadRequestError(sentence('error.user.avatarMissing'), [{ path: 'avatar', message: 'Required' }]);
      const bytes = await file.toBuffer();
      return { success: true as const, user: presentSelfUser(await accounts.setAvatar(authOf(req).userId, bytes)) };
    },
  });

  contractRoute(fastify, ops.changePassword, {
    onRequest: requireAuth,
    preHandler: perUser(ctx.limits, 'passwordChangePerUser'),
    handler: async (req) => {
      await ctx.auth.changePassword(authOf(req), req.body);
      return { success: true as const };
    },
  });
}

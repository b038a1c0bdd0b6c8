/** HTTP routes of passkeys: signing in with one, and the account's list. */
import { securityOperations as ops } from '@plaza/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../context';
import { contractRoute } from '../../../lib/contract-route';
import { authOf, makeRequireAuth } from '../../../plugins/authenticate';
import { perAddress, perUser } from '../../../security/limits';
import { clientOf, signedInAnswer } from '../sign-in';
import type { PasskeyService } from './service';

export async function passkeyRoutes(fastify: FastifyInstance, ctx: AppContext, passkeys: PasskeyService) {
  const requireAuth = makeRequireAuth(ctx.auth);

  contractRoute(fastify, ops.passkeyLoginOptions, {
    preHandler: perAddress(ctx.limits, 'loginPerAddress'),
    handler: async () => ({ success: true as const, options: await passkeys.loginOptions() }),
  });

  contractRoute(fastify, ops.passkeyLogin, {
    preHandler: perAddress(ctx.limits, 'loginPerAddress'),
    handler: async (req) => {
      const userId = await passkeys.login(req.body.response);
      return signedInAnswer(await ctx.auth.signInAs(userId, clientOf(req)));
    },
  });

  contractRoute(fastify, ops.passkeyRegisterOptions, {
    onRequest: requireAuth,
    // The password is checked here: the same budget as the other password checks of the account.
    preHandler: perUser(ctx.limits, 'passwordChangePerUser'),
    handler: async (req) => {
      const { userId, sessionId } = authOf(req);
      return { success: true as const, options: await passkeys.registerOptions(userId, sessionId, req.body?.password) };
    },
  });

  contractRoute(fastify, ops.registerPasskey, {
    onRequest: requireAuth,
    handler: async (req, reply) => {
      const passkey = await passkeys.register(authOf(req).userId, req.body.name, req.body.response);
      return reply.status(201).send({ success: true as const, passkey });
    },
  });

  contractRoute(fastify, ops.listPasskeys, {
    onRequest: requireAuth,
    handler: async (req) => ({ success: true as const, data: await passkeys.list(authOf(req).userId) }),
  });

  contractRoute(fastify, ops.deletePasskey, {
    onRequest: requireAuth,
    handler: async (req) => {
      await passkeys.remove(authOf(req).userId, req.params.id);
      return { success: true as const };
    },
  });
}

/** HTTP routes of two-factor sign-in: the log-in's second step and the account's settings. */
import { securityOperations as ops } from '@plaza/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../context';
import { contractRoute } from '../../../lib/contract-route';
import { authOf, makeRequireAuth } from '../../../plugins/authenticate';
import { perAddress } from '../../../security/limits';
import { clientOf, signedInAnswer } from '../sign-in';
import type { TwoFactorService } from './service';

export async function twoFactorRoutes(fastify: FastifyInstance, ctx: AppContext, twoFactor: TwoFactorService) {
  const requireAuth = makeRequireAuth(ctx.auth);

  contractRoute(fastify, ops.loginTwoFactor, {
    preHandler: perAddress(ctx.limits, 'loginPerAddress'),
    handler: async (req) => {
      const userId = await twoFactor.finish(req.body);
      return signedInAnswer(await ctx.auth.signInAs(userId, clientOf(req)));
    },
  });

  contractRoute(fastify, ops.getTwoFactor, {
    onRequest: requireAuth,
    handler: async (req) => ({ success: true as const, ...(await twoFactor.status(authOf(req).userId)) }),
  });

  contractRoute(fastify, ops.setupTwoFactor, {
    onRequest: requireAuth,
    handler: async (req) => ({ success: true as const, ...(await twoFactor.setup(authOf(req).userId, req.body.password)) }),
  });

  contractRoute(fastify, ops.enableTwoFactor, {
    onRequest: requireAuth,
    handler: async (req) => ({ success: true as const, recoveryCodes: await twoFactor.enable(authOf(req).userId, req.body.code) }),
  });

  contractRoute(fastify, ops.disableTwoFactor, {
    onRequest: requireAuth,
    handler: async (req) => {
      await twoFactor.disable(authOf(req).userId, req.body.password, req.body.code);
      return { success: true as const };
    },
  });
}

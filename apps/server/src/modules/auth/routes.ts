/** HTTP routes of accounts and sessions (product.md § Accounts). */
import { authOperations as ops } from '@plaza/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { contractRoute } from '../../lib/contract-route';
import { UnauthorizedError } from '../../lib/errors';
import { authOf, makeRequireAuth } from '../../plugins/authenticate';
import { perAddress } from '../../security/limits';
import { createLoginGuard } from '../../security/login-guard';
import { presentSelfUser } from '../users';
import { clientOf } from './sign-in';

export async function authRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const requireAuth = makeRequireAuth(ctx.auth);
  const loginGuard = createLoginGuard(ctx.limits);

  contractRoute(fastify, ops.signup, {
    preHandler: perAddress(ctx.limits, 'signupPerAddress'),
    handler: async (req, reply) => {
      const s = await ctx.auth.signup(req.body, clientOf(req));
      return reply.status(201).send({
        success: true,
        user: presentSelfUser(s.user),
        accessToken: s.accessToken,
        refreshToken: s.refreshToken,
        isUserCreated: true,
      });
    },
  });

  contractRoute(fastify, ops.login, {
    preHandler: (req) => loginGuard.before(req.ip, req.body.identifier),
    handler: async (req) => {
      const s = await ctx.auth.login(req.body, clientOf(req)).catch(async (err: unknown) => {
        if (err instanceof UnauthorizedError) await loginGuard.failed(req.body.identifier);
        throw err;
      });
      await loginGuard.succeeded(req.body.identifier);
      if ('challenge' in s) return { success: true as const, twoFactorRequired: true as const, challenge: s.challenge };
      return {
        success: true as const,
        user: presentSelfUser(s.user),
        accessToken: s.accessToken,
        refreshToken: s.refreshToken,
        isUserAuthenticated: true as const,
      };
    },
  });

  contractRoute(fastify, ops.refreshToken, {
    preHandler: perAddress(ctx.limits, 'refreshPerAddress'),
    handler: async (req) => {
      const s = await ctx.auth.refresh(req.body.refreshToken);
      return { success: true as const, user: presentSelfUser(s.user), accessToken: s.accessToken, refreshToken: s.refreshToken };
    },
  });

  contractRoute(fastify, ops.logout, {
    onRequest: requireAuth,
    handler: async (req) => {
      await ctx.auth.logout(authOf(req));
      return { success: true as const };
    },
  });
}

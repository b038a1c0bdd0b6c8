/** HTTP routes of accounts and sessions (CONTRACT "Accounts"). */
import { authOperations as ops } from '@plaza/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { contractRoute } from '../../lib/contract-route';
import { authRateLimit } from '../../plugins/attempt-limit';
import { authOf, makeRequireAuth } from '../../plugins/authenticate';
import { presentSelfUser } from '../users';

export async function authRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const requireAuth = makeRequireAuth(ctx.auth);
  const ua = (req: FastifyRequest) => req.headers['user-agent']?.slice(0, 200) ?? null;

  contractRoute(fastify, ops.signup, {
    config: { rateLimit: authRateLimit(ctx, (b) => b.userName ?? b.email) },
    handler: async (req, reply) => {
      const s = await ctx.auth.signup(req.body, ua(req));
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
    config: { rateLimit: authRateLimit(ctx, (b) => b.identifier) },
    handler: async (req) => {
      const s = await ctx.auth.login(req.body, ua(req));
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
    config: { rateLimit: authRateLimit(ctx, (b) => b.refreshToken, ctx.config.authRateLimit * 3) },
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

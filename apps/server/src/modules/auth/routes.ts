/** HTTP routes of accounts and sessions (CONTRACT "Accounts"). */
import {
  loginBodySchema,
  loginResponseSchema,
  refreshBodySchema,
  refreshResponseSchema,
  signupBodySchema,
  signupResponseSchema,
  successSchema,
} from '@plaza/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createHash } from 'node:crypto';
import type { AppContext } from '../../context';
import { TooManyRequestsError } from '../../lib/errors';
import { authOf, makeRequireAuth } from '../../plugins/authenticate';
import { presentSelfUser } from '../users/presenters';

/** About ten attempts a minute per IP and identifier, so one address can't hammer one account. */
export function authRateLimit(ctx: AppContext, identify: (body: Record<string, unknown>) => unknown, max = ctx.config.authRateLimit) {
  return {
    max,
    timeWindow: '1 minute',
    keyGenerator: (req: FastifyRequest) => {
      const given = identify((req.body ?? {}) as Record<string, unknown>);
      const id = (typeof given === 'string' || typeof given === 'number' ? String(given) : '').toLowerCase();
      return `${req.ip}:${createHash('sha256').update(id).digest('hex').slice(0, 16)}`;
    },
    errorResponseBuilder: (_req: FastifyRequest, c: { ttl: number }) =>
      new TooManyRequestsError('Too many attempts. Please wait a minute and try again.', Math.max(1, Math.ceil(c.ttl / 1000))),
  };
}

export async function authRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const requireAuth = makeRequireAuth(ctx.auth);
  const ua = (req: FastifyRequest) => req.headers['user-agent']?.slice(0, 200) ?? null;

  app.post('/auth/signup', {
    config: { rateLimit: authRateLimit(ctx, (b) => b.userName ?? b.email) },
    schema: { tags: ['auth'], summary: 'Create an account', body: signupBodySchema, response: { 201: signupResponseSchema } },
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

  app.post('/auth/login', {
    config: { rateLimit: authRateLimit(ctx, (b) => b.identifier) },
    schema: { tags: ['auth'], summary: 'Log in with user name or email', body: loginBodySchema, response: { 200: loginResponseSchema } },
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

  app.post('/auth/refresh-token', {
    config: { rateLimit: authRateLimit(ctx, (b) => b.refreshToken, ctx.config.authRateLimit * 3) },
    schema: { tags: ['auth'], summary: 'Rotate the refresh token', body: refreshBodySchema, response: { 200: refreshResponseSchema } },
    handler: async (req) => {
      const s = await ctx.auth.refresh(req.body.refreshToken);
      return { success: true as const, user: presentSelfUser(s.user), accessToken: s.accessToken, refreshToken: s.refreshToken };
    },
  });

  app.get('/auth/user/logout', {
    onRequest: requireAuth,
    schema: { tags: ['auth'], summary: "Log out: revokes this session's refresh tokens", response: { 200: successSchema } },
    handler: async (req) => {
      await ctx.auth.logout(authOf(req));
      return { success: true as const };
    },
  });
}

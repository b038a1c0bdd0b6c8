/**
 * The list of sessions (Settings → "Where you're signed in"): each refresh-token family of the account,
 * with the browser and address it signed in from. Signing one out revokes it at once (its sockets too).
 */
import { REFRESH_TOKEN_TTL_DAYS, securityOperations as ops, type AccountSession } from '@plaza/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../context';
import { contractRoute } from '../../../lib/contract-route';
import { NotFoundError, sentence } from '../../../lib/errors';
import { authOf, makeRequireAuth } from '../../../plugins/authenticate';
import { deviceOf } from './device';
import { sessionListRepo } from './repo';

export async function sessionRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const requireAuth = makeRequireAuth(ctx.auth);
  const repo = sessionListRepo(ctx.db);

  contractRoute(fastify, ops.listSessions, {
    onRequest: requireAuth,
    handler: async (req) => {
      const { userId, sessionId } = authOf(req);
      const activeAfter = new Date(Date.now() - REFRESH_TOKEN_TTL_DAYS * 86_400_000).toISOString();
      const data = (await repo.live(userId, activeAfter)).map((s): AccountSession => ({
        _id: s.id,
        current: s.id === sessionId,
        userAgent: s.user_agent,
        device: deviceOf(s.user_agent),
        address: s.address,
        createdAt: s.created_at,
        lastActiveAt: s.last_active_at ?? s.created_at,
      }));
      return { success: true as const, data };
    },
  });

  contractRoute(fastify, ops.endSession, {
    onRequest: requireAuth,
    handler: async (req) => {
      // Someone else's session, or one already ended, is as unknown as one that never was.
      if (!(await ctx.auth.endSession(authOf(req).userId, req.params.id))) throw new NotFoundError(sentence('error.auth.sessionNotFound'));
      return { success: true as const };
    },
  });

  contractRoute(fastify, ops.endOtherSessions, {
    onRequest: requireAuth,
    handler: async (req) => {
      const { userId, sessionId } = authOf(req);
      await ctx.auth.revokeAllSessions(userId, { except: sessionId });
      return { success: true as const };
    },
  });
}

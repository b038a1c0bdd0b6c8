/** HTTP routes of reports (anyone signed in) and moderation (moderators and admins; product.md § Safety and moderation). */
import { adminOperations as admin, safetyOperations as safety } from '@plaza/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { contractRoute } from '../../lib/contract-route';
import { authOf, makeRequireAuth } from '../../plugins/authenticate';
import { perUser } from '../../security/limits';
import type { AccountReview } from './accounts';
import type { QueueService } from './queue-service';
import type { ReportService } from './report-service';

export async function moderationRoutes(
  fastify: FastifyInstance,
  ctx: AppContext,
  { reports, queue, accounts }: { reports: ReportService; queue: QueueService; accounts: AccountReview },
) {
  const requireAuth = makeRequireAuth(ctx.auth);

  contractRoute(fastify, safety.createReport, {
    onRequest: requireAuth,
    preHandler: perUser(ctx.limits, 'reportsPerUser'),
    handler: async (req, reply) => reply.status(201).send({ success: true, report: await reports.create(authOf(req).userId, req.body) }),
  });

  contractRoute(fastify, admin.listReports, {
    onRequest: requireAuth,
    handler: async (req) => ({ success: true as const, ...(await queue.list(authOf(req).userId, req.query)) }),
  });

  contractRoute(fastify, admin.resolveReport, {
    onRequest: requireAuth,
    handler: async (req) => ({ success: true as const, report: await queue.resolve(authOf(req).userId, req.params.reportId, req.body) }),
  });

  contractRoute(fastify, admin.listAudit, {
    onRequest: requireAuth,
    handler: async (req) => ({ success: true as const, ...(await queue.audit(authOf(req).userId, req.query)) }),
  });

  contractRoute(fastify, admin.listUnverifiedAccounts, {
    onRequest: requireAuth,
    handler: async (req) => ({ success: true as const, data: await accounts.unverified(authOf(req).userId) }),
  });

  contractRoute(fastify, admin.verifyAccountEmail, {
    onRequest: requireAuth,
    handler: async (req) => {
      await accounts.confirm(authOf(req).userId, req.params.userId);
      return { success: true as const };
    },
  });
}

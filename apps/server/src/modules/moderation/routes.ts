/** HTTP routes of reports (anyone signed in) and moderation (moderators and admins; CONTRACT "Wave 2 additions → Safety"). */
import { adminOperations as admin, safetyOperations as safety } from '@plaza/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { contractRoute } from '../../lib/contract-route';
import { TooManyRequestsError } from '../../lib/errors';
import { authOf, makeRequireAuth } from '../../plugins/authenticate';
import type { QueueService } from './queue-service';
import type { ReportService } from './report-service';

/** Enough for anyone reporting in earnest; a flood of reports from one person is itself abuse. */
const reportRateLimit = {
  max: 20,
  timeWindow: '10 minutes',
  keyGenerator: (req: FastifyRequest) => `report:${req.auth?.userId ?? req.ip}`,
  errorResponseBuilder: (_req: FastifyRequest, c: { ttl: number }) =>
    new TooManyRequestsError('You have sent many reports. Please wait a few minutes.', Math.max(1, Math.ceil(c.ttl / 1000))),
};

export async function moderationRoutes(
  fastify: FastifyInstance,
  ctx: AppContext,
  { reports, queue }: { reports: ReportService; queue: QueueService },
) {
  const requireAuth = makeRequireAuth(ctx.auth);

  contractRoute(fastify, safety.createReport, {
    onRequest: requireAuth,
    config: { rateLimit: reportRateLimit },
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
}

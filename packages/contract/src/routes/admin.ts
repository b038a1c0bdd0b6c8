/** The operations of moderation (CONTRACT "Wave 2 additions → Safety"): moderators and admins only, anyone else gets 403. */
import { defineOperation } from '../operation';
import {
  adminReportsQuerySchema,
  adminReportsResponseSchema,
  auditQuerySchema,
  auditResponseSchema,
  reportParamsSchema,
  resolveReportBodySchema,
  resolveReportResponseSchema,
} from '../safety';

export const adminOperations = {
  listReports: defineOperation({
    operationId: 'listReports',
    method: 'GET',
    path: '/admin/reports',
    summary: 'The report queue with each reported thing in context (moderators)',
    tags: ['admin'],
    auth: true,
    querystring: adminReportsQuerySchema,
    responses: { 200: adminReportsResponseSchema },
    errors: [400, 401, 403],
  }),
  resolveReport: defineOperation({
    operationId: 'resolveReport',
    method: 'POST',
    path: '/admin/reports/:reportId/resolve',
    summary: 'Dismiss a report, remove the content, or suspend its author (moderators)',
    description:
      '`remove` deletes the content and tells its author why; `suspend` stops the author logging in for `days` (or for good) ' +
      'and ends their sessions at once. Every other open report on the same thing is resolved with it. Each action is kept in the audit log.',
    tags: ['admin'],
    auth: true,
    params: reportParamsSchema,
    body: resolveReportBodySchema,
    responses: { 200: resolveReportResponseSchema },
    errors: [400, 401, 403, 404, 409],
  }),
  listAudit: defineOperation({
    operationId: 'listAudit',
    method: 'GET',
    path: '/admin/audit',
    summary: 'Every moderation action and role change with its reason, newest first (admins)',
    tags: ['admin'],
    auth: true,
    querystring: auditQuerySchema,
    responses: { 200: auditResponseSchema },
    errors: [400, 401, 403],
  }),
};

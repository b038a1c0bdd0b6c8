/** The operations of moderation (product.md § Safety and moderation): moderators and admins only, anyone else gets 403. */
import { accountParamsSchema, unverifiedAccountsResponseSchema } from '../accounts';
import { successSchema } from '../common';
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
  listUnverifiedAccounts: defineOperation({
    operationId: 'listUnverifiedAccounts',
    method: 'GET',
    path: '/admin/accounts/unverified',
    summary: 'Accounts whose address is not confirmed yet, newest first (admins)',
    description: 'For a server that cannot send mail: its admins confirm the addresses of the people they know.',
    tags: ['admin'],
    auth: true,
    responses: { 200: unverifiedAccountsResponseSchema },
    errors: [401, 403],
  }),
  verifyAccountEmail: defineOperation({
    operationId: 'verifyAccountEmail',
    method: 'POST',
    path: '/admin/accounts/:userId/verify-email',
    summary: "Confirm a person's email address by hand (admins)",
    description: 'Kept in the audit log as `verify`. Confirming a confirmed address changes nothing.',
    tags: ['admin'],
    auth: true,
    params: accountParamsSchema,
    responses: { 200: successSchema },
    errors: [400, 401, 403, 404],
  }),
};

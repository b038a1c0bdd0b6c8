/** Test helpers for moderation: roles granted as the command line grants them, reports and resolutions. */
import {
  createReportResponseSchema,
  resolveReportResponseSchema,
  type CreateReportBody,
  type ResolveReportBody,
  type Role,
} from '@plaza/contract';
import type { FastifyInstance } from 'fastify';
import { as, type TestUser } from '../../../test/factories';
import { bodyOf } from '../../../test/replies';
import { setRole } from './roles';

export async function grant(app: FastifyInstance, who: TestUser, role: Role = 'moderator'): Promise<void> {
  await setRole(app.ctx.db, app.ctx.events, who.user.userName, role);
}

export async function report(app: FastifyInstance, who: TestUser, body: CreateReportBody): Promise<string> {
  const res = await as(app, who)({ method: 'POST', url: '/reports', payload: body });
  if (res.statusCode !== 201) throw new Error(`report failed: ${res.statusCode} ${res.body}`);
  return bodyOf(res, createReportResponseSchema).report._id;
}

export function resolveRaw(app: FastifyInstance, who: TestUser, reportId: string, body: ResolveReportBody) {
  return as(app, who)({ method: 'POST', url: `/admin/reports/${reportId}/resolve`, payload: body });
}

export async function resolve(app: FastifyInstance, who: TestUser, reportId: string, body: ResolveReportBody) {
  const res = await resolveRaw(app, who, reportId, body);
  if (res.statusCode !== 200) throw new Error(`resolve failed: ${res.statusCode} ${res.body}`);
  await app.ctx.events.settled();
  return bodyOf(res, resolveReportResponseSchema).report;
}

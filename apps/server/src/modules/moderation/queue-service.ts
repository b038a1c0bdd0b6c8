/**
 * The moderators' side: the report queue with each reported thing in context, its resolution (dismiss,
 * remove the content, suspend its author) and the audit log. Each resolution resolves every open report
 * on the same thing and is written to the audit log with its reason, in one transaction.
 */
import {
  SUSPENDED_FOREVER,
  type AdminReport,
  type AuditEntry,
  type PageQuery,
  type Pagination,
  type ReportTargetType,
  type ResolveReportBody,
} from '@plaza/contract';
import type { AppContext } from '../../context';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError, sentence } from '../../lib/errors';
import { newId, nowIso } from '../../lib/ids';
import { offsetOf, pageInfo } from '../../lib/pagination';
import { userRepo } from '../users';
import { auditRepo } from './audit-repo';
import type { ContentFacts, ContentParts } from './content';
import { presentAuditEntry, presentReport, presentTarget, userAsTarget, type People } from './presenters';
import { reportRepo, type ReportRow } from './report-repo';
import { isStaff, requireRole } from './roles';
import { cutOff } from './session-cut';

const DAY_MS = 86_400_000;

// Long: a service; each method is short and shares the repositories made once here.
export function queueService(ctx: AppContext, content: ContentParts) {
  const reports = reportRepo(ctx.db);
  const users = userRepo(ctx.db);

  /**
   * The reported thing as it is now (a person, or content with a comment's post as its context), its
   * private media signed for the moderator reading it; null when gone.
   */
  async function factsOf(moderatorId: string, type: ReportTargetType, id: string): Promise<ContentFacts | null> {
    if (type === 'user') {
      const row = await users.findById(id);
      return row ? userAsTarget(row) : null;
    }
    const facts = await content[type].describe(id, moderatorId);
    if (!facts?.postId) return facts;
    const post = await content.post.describe(facts.postId, moderatorId);
    return post
      ? { ...facts, context: [{ id: facts.postId, authorId: post.authorId, text: post.text ?? '', createdAt: post.createdAt }] }
      : facts;
  }

  /** The reports with their targets, every person in them looked up at once. */
  async function present(moderatorId: string, rows: ReportRow[]): Promise<AdminReport[]> {
    const facts = await Promise.all(rows.map((r) => factsOf(moderatorId, r.target_type, r.target_id)));
    const ids = new Set<string>();
    rows.forEach((r) => [r.reporter_id, r.resolved_by].forEach((id) => id && ids.add(id)));
    facts.forEach((f) => f && [f.authorId, ...f.context.map((c) => c.authorId)].forEach((id) => ids.add(id)));
    const people: People = new Map((await users.findByIds([...ids])).map((u) => [u.id, u]));
    const now = nowIso();
    return rows.map((r, i) => presentReport(r, presentTarget(facts[i], people, now), people));
  }

  /** Suspends the reported person or author until `days` from now (or for good) and cuts them off. */
  async function suspend(moderatorId: string, userId: string | null, days: number | undefined): Promise<string> {
    const user = userId ? await users.findById(userId) : undefined;
    if (!user) throw new ConflictError(sentence('error.moderation.accountGone'));
    if (user.id === moderatorId || isStaff(user.role)) throw new ForbiddenError(sentence('error.moderation.staffNotSuspended'));
    const until = days ? new Date(Date.now() + days * DAY_MS).toISOString() : SUSPENDED_FOREVER;
    await users.update(user.id, { suspended_until: until, updated_at: nowIso() });
    ctx.events.publish('accountStandingChanged', { userId: user.id });
    await cutOff(ctx, user.id);
    return until;
  }

  return {
    async list(
      moderatorId: string,
      q: PageQuery & { status: ReportRow['status'] },
    ): Promise<{ data: AdminReport[]; pagination: Pagination }> {
      await requireRole(ctx.db, moderatorId);
      const { rows, total } = await reports.page(q.status, offsetOf(q.page, q.limit), q.limit);
      return { data: await present(moderatorId, rows), pagination: pageInfo(q.page, q.limit, total) };
    },

    async resolve(moderatorId: string, reportId: string, body: ResolveReportBody): Promise<AdminReport> {
      await requireRole(ctx.db, moderatorId);
      const report = await reports.findById(reportId);
      if (!report) throw new NotFoundError(sentence('error.report.notFound'));
      if (report.status !== 'open') throw new ConflictError(sentence('error.report.resolved'));
      const type = report.target_type;

      let detail: string | null = null;
      let removed = false;
      if (body.action === 'remove') {
        if (type === 'user')
          throw new BadRequestError(sentence('error.moderation.removePerson'), [{ path: 'action', message: 'Choose dismiss or suspend' }]);
        removed = await content[type].remove(report.target_id);
      } else if (body.action === 'suspend') {
        detail = await suspend(moderatorId, report.target_user_id, body.days);
      }

      const at = nowIso();
      await ctx.db.transaction().execute(async (trx) => {
        await reportRepo(trx).resolveTarget(report, {
          resolved_action: body.action,
          resolved_reason: body.reason,
          resolved_by: moderatorId,
          resolved_at: at,
        });
        await auditRepo(trx).insert({
          id: newId(),
          action: body.action,
          moderator_id: moderatorId,
          target_user_id: report.target_user_id,
          target_type: type,
          target_id: report.target_id,
          report_id: report.id,
          reason: body.reason,
          detail,
          created_at: at,
        });
        // The author is told with the resolution's commit (through the outbox), never of a removal that did not stand.
        if (removed && type !== 'user' && report.target_user_id) {
          await ctx.events.record(trx, 'contentRemoved', {
            authorId: report.target_user_id,
            moderatorId,
            targetType: type,
            targetId: report.target_id,
            reason: body.reason,
          });
        }
      });
      const [presented] = await present(moderatorId, [(await reports.findById(report.id)) ?? report]);
      return presented;
    },

    async audit(adminId: string, q: PageQuery): Promise<{ data: AuditEntry[]; pagination: Pagination }> {
      await requireRole(ctx.db, adminId, ['admin']);
      const { rows, total } = await auditRepo(ctx.db).page(offsetOf(q.page, q.limit), q.limit);
      const ids = new Set(rows.flatMap((r) => [r.moderator_id, r.target_user_id].filter((id): id is string => id !== null)));
      const people: People = new Map((await users.findByIds([...ids])).map((u) => [u.id, u]));
      return { data: rows.map((r) => presentAuditEntry(r, people)), pagination: pageInfo(q.page, q.limit, total) };
    },
  };
}
export type QueueService = ReturnType<typeof queueService>;

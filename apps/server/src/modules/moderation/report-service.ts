/** Reporting: anyone signed in may report what they can see to the moderators; the report names whose it is. */
import type { CreateReportBody } from '@plaza/contract';
import type { AppContext } from '../../context';
import { BadRequestError, NotFoundError, sentence } from '../../lib/errors';
import { newId, nowIso } from '../../lib/ids';
import { userRepo } from '../users';
import type { ContentParts } from './content';
import { reportRepo } from './report-repo';

export function reportService(ctx: AppContext, content: ContentParts) {
  const reports = reportRepo(ctx.db);
  const users = userRepo(ctx.db);

  /** Whose the target is; 404 when it does not exist or is not the reporter's to see. */
  async function ownerOf(reporterId: string, { targetType, targetId }: CreateReportBody): Promise<string> {
    if (targetType === 'user') {
      if (!(await users.exists(targetId))) throw new NotFoundError(sentence('error.user.notFound'));
      return targetId;
    }
    const facts = await content[targetType].describe(targetId);
    // What the reporter cannot see (a message not theirs, a story not shared with them, a post or comment
    // hidden by a block) answers exactly as if it did not exist.
    if (!facts || !(await content[targetType].visibleTo(targetId, reporterId)))
      throw new NotFoundError(sentence(`error.${targetType}.notFound`));
    return facts.authorId;
  }

  return {
    async create(reporterId: string, body: CreateReportBody): Promise<{ _id: string; status: 'open' }> {
      const owner = await ownerOf(reporterId, body);
      if (owner === reporterId) {
        throw new BadRequestError(sentence('error.report.self'), [{ path: 'targetId', message: 'Choose someone else’s' }]);
      }
      const id = newId();
      await reports.insert({
        id,
        reporter_id: reporterId,
        target_type: body.targetType,
        target_id: body.targetId,
        target_user_id: owner,
        reason: body.reason,
        text: body.text || null,
        status: 'open',
        created_at: nowIso(),
        resolved_action: null,
        resolved_reason: null,
        resolved_by: null,
        resolved_at: null,
      });
      return { _id: id, status: 'open' };
    },
  };
}
export type ReportService = ReturnType<typeof reportService>;

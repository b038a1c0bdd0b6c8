/** Reports and audit entries as moderators see them; people come in one batch, looked up by the caller. */
import type { AdminReport, AuditEntry, PublicUser, ReportTarget } from '@plaza/contract';
import { presentPublicUser, type UserRow } from '../users';
import type { AuditRow } from './audit-repo';
import type { ContentFacts } from './content';
import type { ReportRow } from './report-repo';

export type People = Map<string, UserRow>;

const personOf = (people: People, id: string | null): PublicUser | null => {
  const row = id ? people.get(id) : undefined;
  return row ? presentPublicUser(row) : null;
};

/** Until when someone is suspended, or null when they are not (any more). */
const suspendedUntil = (row: UserRow, now: string) => (row.suspended_until && row.suspended_until > now ? row.suspended_until : null);

/** A reported person: their bio and picture are what can offend. */
export function userAsTarget(row: UserRow): ContentFacts {
  return {
    authorId: row.id,
    text: row.user_bio,
    media: row.avatar_url ? [{ url: row.avatar_url, type: 'image' }] : [],
    createdAt: row.created_at,
    context: [],
  };
}

export function presentTarget(facts: ContentFacts | null, people: People, now: string): ReportTarget | null {
  const author = facts && people.get(facts.authorId);
  if (!facts || !author) return null;
  return {
    author: presentPublicUser(author),
    text: facts.text,
    media: facts.media,
    createdAt: facts.createdAt,
    context: facts.context.map((c) => ({
      _id: c.id,
      author: people.get(c.authorId)?.user_name ?? 'Deleted user',
      text: c.text,
      createdAt: c.createdAt,
    })),
    authorSuspendedUntil: suspendedUntil(author, now),
  };
}

export function presentReport(row: ReportRow, target: ReportTarget | null, people: People): AdminReport {
  return {
    _id: row.id,
    targetType: row.target_type,
    targetId: row.target_id,
    reason: row.reason,
    text: row.text,
    reporter: personOf(people, row.reporter_id),
    target,
    status: row.status,
    createdAt: row.created_at,
    resolution:
      row.resolved_action && row.resolved_at
        ? {
            action: row.resolved_action,
            reason: row.resolved_reason ?? '',
            moderator: personOf(people, row.resolved_by),
            at: row.resolved_at,
          }
        : null,
  };
}

export function presentAuditEntry(row: AuditRow, people: People): AuditEntry {
  return {
    _id: row.id,
    action: row.action,
    moderator: personOf(people, row.moderator_id),
    targetUser: personOf(people, row.target_user_id),
    targetType: row.target_type,
    targetId: row.target_id,
    reportId: row.report_id,
    reason: row.reason,
    detail: row.detail,
    createdAt: row.created_at,
  };
}

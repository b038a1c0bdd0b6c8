/** Tables of the moderation feature: reports and the audit log of what moderators did. */
import type { AuditAction, ModerationAction, ReportReason, ReportTargetType } from '@plaza/contract';

export interface ReportsTable {
  id: string;
  /** Null once the reporter's account is gone. */
  reporter_id: string | null;
  target_type: ReportTargetType;
  target_id: string;
  /** The person reported, or who wrote the content; null once their account is gone. */
  target_user_id: string | null;
  reason: ReportReason;
  text: string | null;
  status: 'open' | 'resolved';
  created_at: string;
  resolved_action: ModerationAction | null;
  resolved_reason: string | null;
  resolved_by: string | null;
  resolved_at: string | null;
}

export interface ModerationLogTable {
  id: string;
  action: AuditAction;
  /** Null for the command line (`npm run admin`) or once the moderator's account is gone. */
  moderator_id: string | null;
  target_user_id: string | null;
  target_type: ReportTargetType;
  target_id: string;
  report_id: string | null;
  reason: string;
  detail: string | null;
  created_at: string;
}

export interface ModerationTables {
  reports: ReportsTable;
  moderation_log: ModerationLogTable;
}

/** Trust and safety (product.md § Safety and moderation): blocks, mutes, reports, roles and moderation. */
import { z } from 'zod';
import { idSchema, pageQuery, paginationSchema, publicUserSchema } from './common';
import { REPORT_REASONS, REPORT_TARGET_TYPES, REPORT_TEXT_MAX } from './constants';

export const personParamsSchema = z.object({ userId: idSchema });

export const blockResponseSchema = z.object({ success: z.literal(true), userId: z.string(), blocked: z.boolean() });
export const muteResponseSchema = z.object({ success: z.literal(true), userId: z.string(), muted: z.boolean() });

export const safetyListQuerySchema = pageQuery(20);
export const peopleListResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(publicUserSchema),
  pagination: paginationSchema,
});

/** How the caller stands with one person, for the menus and the chat composer. */
export const relationResponseSchema = z.object({
  success: z.literal(true),
  userId: z.string(),
  /** The caller blocked them. */
  blocked: z.boolean(),
  /** The caller muted them. */
  muted: z.boolean(),
  /** false when either of the two blocked the other: no messages, requests, comments or reactions either way. */
  canInteract: z.boolean(),
});

export const REPORT_STATUSES = ['open', 'resolved'] as const;

export const createReportBodySchema = z.object({
  targetType: z.enum(REPORT_TARGET_TYPES),
  targetId: idSchema,
  reason: z.enum(REPORT_REASONS),
  text: z.string().trim().max(REPORT_TEXT_MAX).optional(),
});
export type CreateReportBody = z.infer<typeof createReportBodySchema>;

export const createReportResponseSchema = z.object({
  success: z.literal(true),
  report: z.object({ _id: z.string(), status: z.literal('open') }),
});

export const MODERATION_ACTIONS = ['dismiss', 'remove', 'suspend'] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

/**
 * What the audit log records: the three resolutions, role changes, and addresses an admin confirmed
 * (`verify`) on a server that cannot send mail (a null moderator is the command line).
 */
export const AUDIT_ACTIONS = [...MODERATION_ACTIONS, 'grant', 'revoke', 'verify'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** The reported thing as a moderator needs to judge it; null when it no longer exists. */
export const reportTargetSchema = z
  .object({
    /** The person reported, or who wrote the content. */
    author: publicUserSchema,
    /** Post or comment text, story caption, message text, or a person's bio. */
    text: z.string().nullable(),
    /** `status`: a video not playable yet (`processing`) or ever (`failed`), as PostMedia's; absent when it plays. */
    media: z.array(z.object({ url: z.string(), type: z.enum(['image', 'video']), status: z.enum(['processing', 'failed']).optional() })),
    createdAt: z.string(),
    /** Around it: the post a comment is on, the messages before a reported message (oldest first). */
    context: z.array(z.object({ _id: z.string(), author: z.string(), text: z.string(), createdAt: z.string() })),
    /** Until when the author is suspended (the far future for good), or null. */
    authorSuspendedUntil: z.string().nullable(),
  })
  .meta({ id: 'ReportTarget' });
export type ReportTarget = z.infer<typeof reportTargetSchema>;

export const reportResolutionSchema = z.object({
  action: z.enum(MODERATION_ACTIONS),
  reason: z.string(),
  moderator: publicUserSchema.nullable(),
  at: z.string(),
});

export const adminReportSchema = z
  .object({
    _id: z.string(),
    targetType: z.enum(REPORT_TARGET_TYPES),
    targetId: z.string(),
    reason: z.enum(REPORT_REASONS),
    text: z.string().nullable(),
    reporter: publicUserSchema.nullable(),
    target: reportTargetSchema.nullable(),
    status: z.enum(REPORT_STATUSES),
    createdAt: z.string(),
    resolution: reportResolutionSchema.nullable(),
  })
  .meta({ id: 'AdminReport' });
export type AdminReport = z.infer<typeof adminReportSchema>;

export const adminReportsQuerySchema = pageQuery(20).extend({ status: z.enum(REPORT_STATUSES).default('open') });
export const adminReportsResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(adminReportSchema),
  pagination: paginationSchema,
});

export const reportParamsSchema = z.object({ reportId: idSchema });
export const MAX_SUSPENSION_DAYS = 3650;
/** `suspended_until` of a suspension for good. */
export const SUSPENDED_FOREVER = '9999-12-31T23:59:59.999Z';

export const resolveReportBodySchema = z.object({
  action: z.enum(MODERATION_ACTIONS),
  reason: z.string().trim().min(1, 'Say why').max(500),
  /** For `suspend`: how many days; absent suspends for good. */
  days: z.number().int().min(1).max(MAX_SUSPENSION_DAYS).optional(),
});
export type ResolveReportBody = z.infer<typeof resolveReportBodySchema>;
export const resolveReportResponseSchema = z.object({ success: z.literal(true), report: adminReportSchema });

export const auditEntrySchema = z
  .object({
    _id: z.string(),
    action: z.enum(AUDIT_ACTIONS),
    moderator: publicUserSchema.nullable(),
    targetUser: publicUserSchema.nullable(),
    targetType: z.enum(REPORT_TARGET_TYPES),
    targetId: z.string(),
    reportId: z.string().nullable(),
    reason: z.string(),
    /** For a suspension, until when; for a role change, the new role. */
    detail: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'AuditEntry' });
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditQuerySchema = pageQuery(50);
export const auditResponseSchema = z.object({ success: z.literal(true), data: z.array(auditEntrySchema), pagination: paginationSchema });

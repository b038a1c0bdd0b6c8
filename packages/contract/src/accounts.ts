/** Account lifecycle: email verification and change, password reset, data export, account deletion (product.md § Accounts). */
import { z } from 'zod';
import { emailSchema, passwordSchema } from './auth';
import { publicUserSchema } from './common';
import { LIMITS } from './constants';

/** How long a password-reset link works. */
export const RESET_TOKEN_TTL_MINUTES = 60;
/** How long an email verification or email change link works. */
export const VERIFY_TOKEN_TTL_HOURS = 48;
/** Posts an account may publish in 24 hours until its email address is verified (docs/decisions/accounts.md). */
export const UNVERIFIED_POSTS_PER_DAY = 3;
/** How long a deleted account's user name stays unavailable to others. */
export const HELD_USER_NAME_DAYS = 30;
/** How the other side of a conversation sees a deleted account (its PublicUser's fullName). */
export const DELETED_USER_NAME = 'Deleted user';

/** The opaque token of an emailed link (`?token=`). */
const linkTokenSchema = z.string().trim().min(16, 'This link is incomplete').max(128, 'This link is not valid');

export const forgotPasswordBodySchema = z.object({ email: emailSchema });
export const resetPasswordBodySchema = z.object({ token: linkTokenSchema, newPassword: passwordSchema });
export const verifyEmailBodySchema = z.object({ token: linkTokenSchema });
export const cancelEmailChangeBodySchema = z.object({ token: linkTokenSchema });
export const changeEmailBodySchema = z.object({
  email: emailSchema,
  password: z.string().min(1, 'Enter your password').max(LIMITS.password.max),
});
export const deleteAccountBodySchema = z.object({ password: z.string().min(1, 'Enter your password').max(LIMITS.password.max) });

/** A 202: the request is taken; what happens next arrives by email. */
export const acceptedResponseSchema = z.object({ success: z.literal(true), message: z.string() });

/** What `POST /auth/verify-email` did: verified the address, or confirmed a new one. */
export const verifyEmailResponseSchema = z.object({
  success: z.literal(true),
  email: z.string(),
  changed: z.boolean().describe('true when the link confirmed a change of address'),
});

export type VerifyEmailResponse = z.infer<typeof verifyEmailResponseSchema>;

export const exportStatusSchema = z.enum(['pending', 'ready', 'failed']);
export const dataExportSchema = z
  .object({
    _id: z.string(),
    status: exportStatusSchema,
    /** When ready: a signed link to the zip, valid until `expiresAt`. */
    url: z.string().optional(),
    createdAt: z.string(),
    expiresAt: z.string().optional(),
  })
  .meta({ id: 'DataExport' });
export type DataExport = z.infer<typeof dataExportSchema>;
export const exportResponseSchema = z.object({ success: z.literal(true), export: dataExportSchema });
export const exportDownloadParamsSchema = z.object({ exportId: z.string().min(1).max(64) });
export const exportDownloadQuerySchema = z.object({
  expires: z.coerce.number().int().positive(),
  sig: z.string().min(1).max(128),
});
export const zipBodySchema = z.string().describe('The zip file (application/zip)');

/** What any client may know of this server before signing in (`GET /instance`). */
export const instanceResponseSchema = z.object({
  success: z.literal(true),
  mail: z
    .boolean()
    .describe(
      'false when the server has no SMTP_URL: no mail leaves it, so its first account is its admin (confirmed) and admins confirm the addresses of others',
    ),
});

/** An account whose address nobody confirmed yet, as an admin sees it to confirm it by hand. */
export const unverifiedAccountSchema = z
  .object({ user: publicUserSchema, email: z.string(), createdAt: z.string() })
  .meta({ id: 'UnverifiedAccount' });
export type UnverifiedAccount = z.infer<typeof unverifiedAccountSchema>;
export const unverifiedAccountsResponseSchema = z.object({ success: z.literal(true), data: z.array(unverifiedAccountSchema) });
export const accountParamsSchema = z.object({ userId: z.string().min(1).max(64) });

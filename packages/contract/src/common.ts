/** Building blocks shared by every feature's schemas. */
import { z } from 'zod';
import { MAX_PAGE_LIMIT } from './constants';

export const idSchema = z.string().min(1).max(64);

export const successSchema = z.object({ success: z.literal(true) });

/** `?page&limit` query, coerced from strings; `defaultLimit` is the feature's page size (product.md § Constants and limits). */
export const pageQuery = (defaultLimit: number) =>
  z.object({
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    limit: z.coerce.number().int().min(1).max(MAX_PAGE_LIMIT).default(defaultLimit),
  });
export type PageQuery = z.infer<ReturnType<typeof pageQuery>>;

export const paginationSchema = z
  .object({
    currentPage: z.number(),
    limit: z.number(),
    totalPages: z.number(),
    hasMore: z.boolean(),
    total: z.number(),
  })
  .meta({ id: 'Pagination' });
export type Pagination = z.infer<typeof paginationSchema>;

export const publicUserSchema = z
  .object({
    _id: z.string(),
    userName: z.string(),
    fullName: z.string(),
    userImage: z.string().nullable(),
    userBio: z.string().nullable(),
    createdAt: z.string(),
    remote: z
      .literal(true)
      .optional()
      .describe('Set only for a person of another server; `userName` is then their handle, name@host[:port]'),
    profileUrl: z.string().nullable().optional().describe("A remote person's page on their own server"),
  })
  .meta({ id: 'PublicUser' });
export type PublicUser = z.infer<typeof publicUserSchema>;

/** Who may moderate: `member` is everyone; `moderator` works the report queue; `admin` also reads the audit log. */
export const ROLES = ['member', 'moderator', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** The languages Plaza is written in (BCP 47): the web app, and the mails and pushes it sends a person. */
export const LANGUAGES = ['en', 'es', 'ar'] as const;
export const languageSchema = z.enum(LANGUAGES);
export type Language = z.infer<typeof languageSchema>;

export const selfUserSchema = publicUserSchema
  .extend({
    email: z.string(),
    language: languageSchema.describe('the language the person reads Plaza in; mails and pushes use it too'),
    role: z.enum(ROLES),
    emailVerified: z.boolean().describe('false until the link mailed to the address is opened'),
  })
  .meta({ id: 'SelfUser' });
export type SelfUser = z.infer<typeof selfUserSchema>;

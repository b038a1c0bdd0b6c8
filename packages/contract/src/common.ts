/** Building blocks shared by every feature's schemas. */
import { z } from 'zod';
import { MAX_PAGE_LIMIT } from './constants';

export const idSchema = z.string().min(1).max(64);

export const successSchema = z.object({ success: z.literal(true) });

/** `?page&limit` query, coerced from strings; `defaultLimit` is the feature's SPEC §9 page size. */
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
  })
  .meta({ id: 'PublicUser' });
export type PublicUser = z.infer<typeof publicUserSchema>;

/** Who may moderate: `member` is everyone; `moderator` works the report queue; `admin` also reads the audit log. */
export const ROLES = ['member', 'moderator', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export const selfUserSchema = publicUserSchema
  .extend({
    email: z.string(),
    role: z.enum(ROLES),
    emailVerified: z.boolean().describe('false until the link mailed to the address is opened'),
  })
  .meta({ id: 'SelfUser' });
export type SelfUser = z.infer<typeof selfUserSchema>;

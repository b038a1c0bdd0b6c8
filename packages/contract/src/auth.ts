/** Accounts and sessions: product.md § Accounts, § Session and tokens. */
import { z } from 'zod';
import { LIMITS } from './constants';
import { languageSchema, selfUserSchema } from './common';

export const userNameSchema = z
  .string()
  .trim()
  .min(LIMITS.userName.min, `User name must be at least ${LIMITS.userName.min} characters`)
  .max(LIMITS.userName.max, `User name must be at most ${LIMITS.userName.max} characters`)
  .regex(/^[A-Za-z0-9_.]+$/, 'User name may only contain letters, digits, _ and .')
  .refine((name) => !RESERVED_USER_NAMES.includes(name.toLowerCase()), 'This user name is reserved');

/** Names that would collide with routes (`/posts/user/feeds`, `/users/me`, …). */
export const RESERVED_USER_NAMES: readonly string[] = [
  'user',
  'users',
  'me',
  'p',
  'react',
  'feeds',
  'favorites',
  'admin',
  'api',
  'auth',
  'settings',
  'network',
  'chat',
  'plaza',
];

export const emailSchema = z.string().trim().toLowerCase().pipe(z.email('Enter a valid email address').max(254));

export const passwordSchema = z
  .string()
  .min(LIMITS.password.min, `Password must be at least ${LIMITS.password.min} characters`)
  .max(LIMITS.password.max, `Password must be at most ${LIMITS.password.max} characters`);

export const fullNameSchema = z
  .string()
  .trim()
  .min(LIMITS.fullName.min, 'Full name is required')
  .max(LIMITS.fullName.max, `Full name must be at most ${LIMITS.fullName.max} characters`);

export const signupBodySchema = z.object({
  userName: userNameSchema,
  email: emailSchema,
  password: passwordSchema,
  fullName: fullNameSchema,
  /** The language the app was shown in at sign-up; English when not given. */
  language: languageSchema.optional(),
});
export type SignupBody = z.infer<typeof signupBodySchema>;

export const loginBodySchema = z.object({
  identifier: z.string().trim().min(1, 'Enter your user name or email').max(254),
  password: z.string().min(1, 'Enter your password').max(LIMITS.password.max),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const refreshBodySchema = z.object({ refreshToken: z.string().min(1).max(512) });

export const usernameAvailableBodySchema = z.object({ sendUsername: z.string().trim().min(1).max(64) });

const tokens = { accessToken: z.string(), refreshToken: z.string() };

export const signupResponseSchema = z.object({
  success: z.literal(true),
  user: selfUserSchema,
  ...tokens,
  isUserCreated: z.literal(true),
});

export const loginResponseSchema = z.object({
  success: z.literal(true),
  user: selfUserSchema,
  ...tokens,
  isUserAuthenticated: z.literal(true),
});

export const refreshResponseSchema = z.object({ success: z.literal(true), user: selfUserSchema, ...tokens });
export type RefreshResponse = z.infer<typeof refreshResponseSchema>;

export const usernameAvailableResponseSchema = z.object({ success: z.literal(true), valid: z.boolean() });

export const updateMeBodySchema = z
  .object({
    fullName: fullNameSchema.optional(),
    userBio: z.string().trim().max(LIMITS.userBio.max, `Bio must be at most ${LIMITS.userBio.max} characters`).nullable().optional(),
    userName: userNameSchema.optional(),
    language: languageSchema.optional(),
  })
  .refine((b) => Object.keys(b).length > 0, { message: 'Nothing to update' });
export type UpdateMeBody = z.infer<typeof updateMeBodySchema>;

export const changePasswordBodySchema = z.object({
  currentPassword: z.string().min(1, 'Enter your current password').max(LIMITS.password.max),
  newPassword: passwordSchema,
});
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

export const meResponseSchema = z.object({ success: z.literal(true), user: selfUserSchema });

/** The multipart form of `POST /users/me/avatar`. */
export const avatarFormSchema = z.object({
  avatar: z.file().max(LIMITS.avatarBytes).describe('A JPEG, PNG, WebP or GIF image of at most 5 MB; stored square, re-encoded'),
});

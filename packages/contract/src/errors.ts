/** The error envelope every non-2xx response carries, and the fixed texts clients match on. */
import { z } from 'zod';

export const errorDetailSchema = z.object({ path: z.string(), message: z.string() }).meta({ id: 'ErrorDetail' });

export const errorEnvelopeSchema = z
  .object({
    success: z.literal(false),
    error: z.string(),
    message: z.string(),
    details: z.array(errorDetailSchema).optional(),
    isUserAuthenticated: z.boolean().optional(),
  })
  .meta({ id: 'ErrorEnvelope', description: 'The body of every error response (any non-2xx status).' });
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

export const REFRESH_ERRORS = {
  expired: 'Refresh token has expired. Please log in again.',
  invalid: 'Invalid refresh token.',
} as const;

export const INVALID_CREDENTIALS = 'Invalid user name, email or password.';

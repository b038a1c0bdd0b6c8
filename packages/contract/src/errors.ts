/** The error envelope every non-2xx response carries (the fixed texts clients match on are in constants.ts). */
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

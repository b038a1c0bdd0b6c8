/** Other servers this one federates with, as admins see and block them (docs/decisions/federation.md). */
import { z } from 'zod';

export const instanceSchema = z
  .object({
    host: z.string().describe('host[:port], as in the handles of its people'),
    people: z.number().describe('How many of its people this server knows'),
    blocked: z.boolean(),
    blockedAt: z.string().nullable(),
  })
  .meta({ id: 'Instance' });
export type Instance = z.infer<typeof instanceSchema>;

export const instancesResponseSchema = z.object({ success: z.literal(true), instances: z.array(instanceSchema) });

export const instanceParamsSchema = z.object({
  host: z
    .string()
    .max(260)
    .regex(/^(?:[a-z0-9-]+\.)*[a-z0-9-]+(?::\d{1,5})?$/i, 'A host name, with its port if it has one'),
});

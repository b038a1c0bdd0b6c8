/** The rate limit of password-guessable routes (login, signup, password change, name checks): per IP and identifier. */
import type { FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import type { AppContext } from '../context';
import { TooManyRequestsError } from '../lib/errors';

/** About ten attempts a minute per IP and identifier, so one address can't hammer one account. */
export function authRateLimit(ctx: AppContext, identify: (body: Record<string, unknown>) => unknown, max = ctx.config.authRateLimit) {
  return {
    max,
    timeWindow: '1 minute',
    keyGenerator: (req: FastifyRequest) => {
      const given = identify((req.body ?? {}) as Record<string, unknown>);
      const id = (typeof given === 'string' || typeof given === 'number' ? String(given) : '').toLowerCase();
      return `${req.ip}:${createHash('sha256').update(id).digest('hex').slice(0, 16)}`;
    },
    errorResponseBuilder: (_req: FastifyRequest, c: { ttl: number }) =>
      new TooManyRequestsError('Too many attempts. Please wait a minute and try again.', Math.max(1, Math.ceil(c.ttl / 1000))),
  };
}

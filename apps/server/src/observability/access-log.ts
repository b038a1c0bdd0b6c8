/**
 * The request log: one line per answered request ("request completed", with the method, the redacted
 * URL, the client's address, the status and the time taken), instead of Fastify's two. How many reach
 * the log at info is LOG_REQUESTS (docs/tuning.md): every one, none, or a sampled fraction; the others
 * are written at debug. A request that failed on our side (5xx) or took longer than a second is always
 * written at info, whatever the sample: those are the ones an operator looks for.
 */
import type { FastifyInstance } from 'fastify';

/** Slower than this, a request's line is always written. */
const SLOW_MS = 1000;

/** LOG_REQUESTS as a fraction: `all` 1, `none` 0, or a number between. Unset: all outside production, none in it. */
export function requestLogShare(value: string | undefined, production: boolean): number {
  if (value === undefined || value === '') return production ? 0 : 1;
  if (value === 'all') return 1;
  if (value === 'none') return 0;
  return Number(value);
}

export function installAccessLog(app: FastifyInstance, share: number, random: () => number = Math.random): void {
  app.addHook('onResponse', (request, reply, done) => {
    const ms = reply.elapsedTime;
    const kept = reply.statusCode >= 500 || ms >= SLOW_MS || (share > 0 && random() < share);
    // Below the logger's level (debug under the default info) pino writes nothing.
    request.log[kept ? 'info' : 'debug']({ req: request, res: reply, responseTime: ms }, 'request completed');
    done();
  });
}

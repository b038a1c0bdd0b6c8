/**
 * What a refused socket handshake answers. A token that is bad, expired or revoked is `unauthorized`
 * (the client refreshes its token once, then gives up); a server that could not check it (the database
 * away for a moment) is `unavailable` with `data.retryable`, which the client retries with back-off, so
 * a user who reconnects during a blip comes back online when it ends.
 */
import { HttpError } from '../lib/errors';
import type { Logger } from '../lib/logger';

export const HANDSHAKE_UNAVAILABLE = 'unavailable';

export function handshakeRefusal(err: unknown, log: Logger): Error {
  if (err instanceof HttpError && err.statusCode < 500) return new Error('unauthorized');
  log.warn({ err }, 'socket handshake could not be checked; the client will retry');
  return Object.assign(new Error(HANDSHAKE_UNAVAILABLE), { data: { retryable: true } });
}

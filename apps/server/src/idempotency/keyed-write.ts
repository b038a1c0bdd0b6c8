/**
 * The one seam between a keyed request (plugin.ts) and the write it runs: the write marks its key in its
 * own transaction, so a write that committed always says so, even when its answer is lost afterwards
 * (the process killed, the database cut before the answer was kept). A repeat then finds what the write
 * committed in `result` and answers it again instead of writing a second time
 * (docs/decisions/idempotent-writes.md).
 */
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db';
import { sentence, ServiceUnavailableError } from '../lib/errors';
import { idempotencyRepo } from './repo';

/** The key a request holds, handed by its route to the service that writes. */
export interface KeyedWrite {
  userId: string;
  key: string;
  /** What an earlier attempt with this key committed (the id it created, a toggle's outcome); null when none did. */
  result: string | null;
}

const held = new WeakMap<FastifyRequest, KeyedWrite>();

/** Called by the plugin once the request holds its key. */
export function holdKeyedWrite(request: FastifyRequest, write: KeyedWrite): void {
  held.set(request, write);
}

/** The key the request holds; null without an `Idempotency-Key` (every request is then its own write). */
export function keyedWriteOf(request: FastifyRequest): KeyedWrite | null {
  return held.get(request) ?? null;
}

/**
 * Inside the write's transaction, best as its first statement: records `result` on the key. When another
 * attempt with the same key committed first (one taken over while it was still running), this one fails
 * and rolls back; the client's next repeat gets the first write's answer.
 */
export async function markWritten(trx: Db, write: KeyedWrite | null, result: string): Promise<void> {
  if (!write) return;
  if (!(await idempotencyRepo(trx).markWritten(write.userId, write.key, result))) {
    throw new ServiceUnavailableError(sentence('error.idempotency.meanwhile'));
  }
}

/**
 * PostgreSQL ends one of two transactions that wait on each other (40P01 deadlock detected) or that
 * cannot be serialised (40001): the other goes on, and the one ended would succeed if run again. Write
 * paths that can meet this run their transaction through `retryTransient`, a few times with a random
 * pause, so a user never sees a 500 for a collision they could not help.
 */
import { setTimeout as sleep } from 'node:timers/promises';

export type TransientCause = 'deadlock' | 'serialization';

/** The cause when `err` is a collision worth running again, else null. */
export function transientCause(err: unknown): TransientCause | null {
  const code = (err as { code?: unknown } | null)?.code;
  if (code === '40P01') return 'deadlock';
  if (code === '40001') return 'serialization';
  return null;
}

const ATTEMPTS = 4;
const BASE_PAUSE_MS = 10;

/** Runs `work` (a whole transaction) again after a deadlock or serialization failure, up to four times in all. */
export async function retryTransient<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (err) {
      const cause = transientCause(err);
      if (!cause || attempt >= ATTEMPTS) throw err;
      // Jittered and growing, so the two that collided do not meet again at once.
      await sleep(BASE_PAUSE_MS * 2 ** (attempt - 1) * (0.5 + Math.random()));
    }
  }
}

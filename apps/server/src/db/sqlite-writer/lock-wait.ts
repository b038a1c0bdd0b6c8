/**
 * How the writer thread waits for SQLite's write lock while another connection holds it (the server's
 * own connection writing a post's fan-out batch, say). SQLite's own busy handler (busy_timeout) sleeps
 * 1, 2, 5, 10, 15, 20, 25… ms between its tries, so a lock held for 9 ms was taken only after 18, and one
 * held for 20 ms after 33: every message of the batch waited that much longer than the lock. Here the
 * thread tries again every quarter of a millisecond, for as long as busy_timeout allowed (5 s). The
 * thread has nothing else to do meanwhile: its next batch waits behind this one anyway.
 */

export interface LockWait {
  /** How long a batch may wait for the lock in all before it fails with SQLITE_BUSY. */
  giveUpAfterMs: number;
  /** Between two tries. */
  retryMs: number;
  sleep(ms: number): void;
  now(): number;
}

const pause = new Int32Array(new SharedArrayBuffer(4));

export const WRITER_LOCK_WAIT: LockWait = {
  giveUpAfterMs: 5000,
  retryMs: 0.25,
  // Blocks this thread only (a worker may wait on an atomic); the server's event loop is elsewhere.
  sleep: (ms) => void Atomics.wait(pause, 0, 0, ms),
  now: () => performance.now(),
};

/**
 * No wait of the thread's own: a batch that finds the lock taken waits in SQLite's busy handler (the
 * connection keeps busy_timeout = 5000) and fails with its SQLITE_BUSY. A benchmark's A/B of the wait above
 * (Config.without `writerLockWait`).
 */
export const NO_LOCK_WAIT: LockWait = { giveUpAfterMs: 0, retryMs: 0, sleep: () => undefined, now: () => 0 };

/** SQLITE_BUSY and its extended codes: another connection holds the lock, nothing was written. */
export const isBusy = (err: unknown): boolean => {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('SQLITE_BUSY');
};

/** Runs `write` (one transaction, rolled back when it throws) until it gets the lock or the wait is over. */
export function whileBusy<T>(write: () => T, wait: LockWait = WRITER_LOCK_WAIT): T {
  const started = wait.now();
  for (;;) {
    try {
      return write();
    } catch (err) {
      if (!isBusy(err) || wait.now() - started >= wait.giveUpAfterMs) throw err;
      wait.sleep(wait.retryMs);
    }
  }
}

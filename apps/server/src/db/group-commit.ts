/**
 * Group commit: single inserts that arrive close together are written as one batch (one transaction), which
 * costs each of them far less than a transaction of its own. Batches go at most one per window (the chat's
 * `CHAT_COMMIT_WINDOW_MS`, a few milliseconds): a row that finds the writer idle goes at once, and those
 * that arrive within the window after a batch went (or while one is being written) wait together for the
 * next. Much of a batch's cost is paid once however many rows it holds (the commit, waking a writer
 * thread, the answer: docs/decisions/chat-writer-thread.md), so under load the window makes each row
 * cheaper, and a quiet writer keeps nobody waiting. What writes a batch is the caller's `BatchRunner`:
 * the feature's own Kysely transaction, or a SQLite writer thread (db/sqlite-writer/).
 */
import { setTimeout as sleep } from 'node:timers/promises';

const MAX_BATCH = 200;

/** Plain data, so it crosses a message port: a result per row, in the order of the rows. */
export type BatchOutcome<R> = { ok: R } | { error: { message: string; code?: string } };

/** Writes one batch; its promise rejects only when the whole batch could not be written (every row fails alike). */
export interface BatchRunner<Row, R> {
  run(rows: readonly Row[]): Promise<Array<BatchOutcome<R>>>;
  close(): Promise<void>;
}

export interface GroupCommit<Row, R> {
  insert(row: Row): Promise<R>;
  /** Rows waiting for their answer: queued, or in the batch being written (`plaza_chat_writer_queue_depth`). */
  waiting(): number;
  /** Writes what is queued, then closes the runner (shutdown). */
  close(): Promise<void>;
}

interface Pending<Row, R> {
  row: Row;
  resolve(result: R): void;
  reject(err: unknown): void;
}

export interface GroupCommitOptions {
  /** The least time between the starts of two batches (0: inserts of one event-loop turn go together). */
  windowMs?: number;
  /** Told of every batch: how long the runner took, and whether all its rows were written, some, or none. */
  onBatch?: (seconds: number, outcome: 'ok' | 'partial' | 'failed') => void;
  /**
   * Whether a failed batch's error says the database cannot write now (down, or a statement cut by its
   * timeout behind a lock). The rows that queued while that batch waited get the same answer at once:
   * the next batch would most likely wait as long and fail alike, and each of them has waited about a
   * statement timeout already. Without it, each later batch would wait a timeout of its own in turn.
   */
  failsEveryone?: (err: unknown) => boolean;
}

export function groupCommit<Row, R>(
  runner: BatchRunner<Row, R>,
  { windowMs = 0, onBatch, failsEveryone = () => false }: GroupCommitOptions = {},
): GroupCommit<Row, R> {
  let queue: Array<Pending<Row, R>> = [];
  let writing: Promise<void> | null = null;
  let lastBatchAt = -Infinity;
  let inBatch = 0;

  async function drain() {
    while (queue.length > 0) {
      // A full batch goes at once; otherwise it waits until a window has passed since the last one went.
      const wait = queue.length < MAX_BATCH ? lastBatchAt + windowMs - performance.now() : 0;
      if (wait >= 1) await sleep(Math.ceil(wait)); // whole milliseconds: each distinct delay is a timer list of its own
      lastBatchAt = performance.now();
      const batch = queue.slice(0, MAX_BATCH);
      queue = queue.slice(batch.length);
      inBatch = batch.length;
      try {
        const outcomes = await runner.run(batch.map((p) => p.row));
        const written = outcomes.filter((o) => 'ok' in o).length;
        onBatch?.((performance.now() - lastBatchAt) / 1000, written === batch.length ? 'ok' : written ? 'partial' : 'failed');
        batch.forEach((p, i) => {
          const o = outcomes[i];
          if ('ok' in o) p.resolve(o.ok);
          else p.reject(outcomeError(o.error));
        });
      } catch (err) {
        onBatch?.((performance.now() - lastBatchAt) / 1000, 'failed');
        const waitedBehind = failsEveryone(err) ? queue.splice(0) : [];
        for (const p of [...batch, ...waitedBehind]) p.reject(err);
      } finally {
        inBatch = 0;
      }
    }
  }

  // The first batch waits one turn of the event loop, so the inserts that arrive together go together.
  const start = () => {
    writing ??= new Promise<void>((r) => setImmediate(r)).then(drain).finally(() => {
      writing = null;
      // An insert that came in after the last batch was taken and before this ran would wait forever.
      if (queue.length > 0) start();
    });
  };

  return {
    insert(row) {
      return new Promise<R>((resolve, reject) => {
        queue.push({ row, resolve, reject });
        start();
      });
    },
    waiting: () => queue.length + inBatch,
    async close() {
      while (writing) await writing;
      await runner.close();
    },
  };
}

/** A row's failure as plain data (it may cross a message port). */
export function asOutcomeError(err: unknown): { error: { message: string; code?: string } } {
  const e = err as { message?: unknown; code?: unknown } | null;
  return { error: { message: String(e?.message ?? err), ...(typeof e?.code === 'string' ? { code: e.code } : {}) } };
}

/** The error a failed row's insert rejects with, carrying the database's code so errors map as before. */
export function outcomeError(error: { message: string; code?: string }): Error {
  return Object.assign(new Error(error.message), error.code ? { code: error.code } : {});
}

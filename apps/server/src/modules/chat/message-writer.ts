/**
 * Group commit for messages. Batches go at most one per commit window (`CHAT_COMMIT_WINDOW_MS`, a few
 * milliseconds): a message that finds the writer idle goes at once, and those that arrive within the window
 * after a batch went (or while one is being written) wait together for the next. Much of a batch's cost is
 * paid once however many messages it holds (waking the writer, the commit, the answer:
 * docs/decisions/chat-writer-thread.md), so under load the window makes each message cheaper, and a quiet
 * conversation waits for nothing. On SQLite with a file the batches are written on a thread of their own
 * (writer-thread/), so the event loop never waits for a commit; on PostgreSQL (its own pool) and an
 * in-memory SQLite they are written here.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { Config } from '../../config';
import type { Db, DialectName } from '../../db';
import type { WriteTurns } from '../../db/write-turns';
import type { Logger } from '../../lib/logger';
import { outcomeError, writeMessageBatch, type BatchOutcome, type WriteResult } from './message-batch';
import type { MessageRow } from './repo';
import { threadBatchRunner } from './writer-thread/client';

export type { WriteResult } from './message-batch';

const MAX_BATCH = 200;

export interface MessageWriter {
  write(row: MessageRow): Promise<WriteResult>;
  /** Writes what is queued, then lets go of the writer (shutdown). */
  close(): Promise<void>;
}

/** Runs one batch; its promise rejects only when the whole batch could not be written (every row fails alike). */
export interface BatchRunner {
  run(rows: readonly MessageRow[]): Promise<BatchOutcome[]>;
  close(): Promise<void>;
}

interface Pending {
  row: MessageRow;
  resolve(result: WriteResult): void;
  reject(err: unknown): void;
}

/** `windowMs`: the least time between the starts of two batches (0: sends of one event-loop turn go together). */
export function groupCommit(runner: BatchRunner, { windowMs = 0 }: { windowMs?: number } = {}): MessageWriter {
  let queue: Pending[] = [];
  let writing: Promise<void> | null = null;
  let lastBatchAt = -Infinity;

  async function drain() {
    while (queue.length > 0) {
      // A full batch goes at once; otherwise it waits until a window has passed since the last one went.
      const wait = queue.length < MAX_BATCH ? lastBatchAt + windowMs - performance.now() : 0;
      if (wait >= 1) await sleep(Math.ceil(wait)); // whole milliseconds: each distinct delay is a timer list of its own
      lastBatchAt = performance.now();
      const batch = queue.slice(0, MAX_BATCH);
      queue = queue.slice(batch.length);
      try {
        const outcomes = await runner.run(batch.map((p) => p.row));
        batch.forEach((p, i) => {
          const o = outcomes[i];
          if ('ok' in o) p.resolve(o.ok);
          else p.reject(outcomeError(o.error));
        });
      } catch (err) {
        for (const p of batch) p.reject(err);
      }
    }
  }

  // The first batch waits one turn of the event loop, so the sends that arrive together go together.
  const start = () => {
    writing ??= new Promise<void>((r) => setImmediate(r)).then(drain).finally(() => {
      writing = null;
      // A send that came in after the last batch was taken and before this ran would wait forever.
      if (queue.length > 0) start();
    });
  };

  return {
    write(row) {
      return new Promise<WriteResult>((resolve, reject) => {
        queue.push({ row, resolve, reject });
        start();
      });
    },
    async close() {
      while (writing) await writing;
      await runner.close();
    },
  };
}

/** Writes batches on the request's own connection pool. */
export function inlineBatchRunner(db: Db, dialect: DialectName): BatchRunner {
  return { run: (rows) => writeMessageBatch(db, dialect, rows), close: async () => undefined };
}

/** The writer for this deployment: a thread of its own for a SQLite file, the connection pool otherwise. */
export function messageWriter(
  db: Db,
  config: Pick<Config, 'database' | 'chatCommitWindowMs'>,
  log: Logger,
  turns?: WriteTurns,
): MessageWriter {
  const { database } = config;
  const runner =
    database.kind === 'sqlite' && database.file !== ':memory:'
      ? threadBatchRunner(db, database.file, log, { turns })
      : inlineBatchRunner(db, database.kind);
  return groupCommit(runner, { windowMs: config.chatCommitWindowMs });
}

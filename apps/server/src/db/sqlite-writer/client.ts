/**
 * The server's side of the SQLite writer thread: hands it batches over a message port and waits for its
 * answer, never for SQLite. A thread that dies, fails to start or stops answering fails the batches it
 * held with a 503 (a send the client may retry: its clientMessageId makes the retry safe) and the next
 * batch starts a fresh thread. Its checkpointer starts with the runner, at the server's start, not with
 * the first message: every write on the server's own connection (a post, its fan-out, a sign-up) leaves
 * the WAL's checkpoints to it for as long as it runs, so no commit carries one.
 */
import { sql } from 'kysely';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Db } from '..';
import { sentence, ServiceUnavailableError } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import { outcomeError, type BatchOutcome, type BatchRunner } from '../group-commit';
import type { NewMessage } from '../tables/chat';
import { flattenRows, outcomesOf, type FromWriter, type StoredMessage, type ToWriter, type WriterThreadOptions } from './protocol';

export interface ThreadRunnerOptions {
  checkpointMs?: number;
  /** A checkpointer that stopped is started again this long after (the server's connection checkpoints meanwhile). */
  restartCheckpointerMs?: number;
  /** A batch the thread has not answered by then fails (and the thread is replaced). */
  answerWithinMs?: number;
}

const STARTUP_MS = 10_000;
/** Shown in the inspector's list of threads (the benchmark profiles the writer by its name). */
const THREAD_NAMES = { writer: 'chat-writer', checkpointer: 'chat-checkpointer' } as const;

const unavailable = () => new ServiceUnavailableError(sentence('error.chat.cannotStore'));

/**
 * The thread's code: beside the bundle when built (a tsup entry of its own). Run from source (tests, the
 * benchmark, `tsx watch`), the thread first registers tsx itself: a worker does not inherit the loader.
 */
function spawnThread(options: WriterThreadOptions): Worker {
  if (!import.meta.url.endsWith('.ts'))
    return new Worker(new URL('./chat-writer-thread.js', import.meta.url), { workerData: options, name: THREAD_NAMES[options.role] });
  const tsxDir = path.dirname(createRequire(import.meta.url).resolve('tsx/package.json'));
  const tsx = pathToFileURL(path.join(tsxDir, 'dist/esm/api/index.mjs')).href;
  const thread = new URL('./thread.ts', import.meta.url).href;
  const code = `import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(thread)}); })`;
  return new Worker(code, { eval: true, workerData: options, name: THREAD_NAMES[options.role] });
}

/** Asks a thread to finish (its last checkpoint included) and waits until it has. */
async function closeThread(w: Worker): Promise<void> {
  const closed = new Promise<void>((resolve) => {
    w.on('message', (msg: FromWriter) => msg.type === 'closed' && resolve());
    w.once('exit', () => resolve());
  });
  w.postMessage({ type: 'close' } satisfies ToWriter);
  await closed;
  await w.terminate();
}

interface Waiting {
  resolve(outcomes: Array<BatchOutcome<StoredMessage>>): void;
  reject(err: unknown): void;
  timer: NodeJS.Timeout;
}

// Long: a factory; each method is short and shares the writer thread and the batches waiting on it.
export function threadBatchRunner(
  db: Db,
  file: string,
  log: Logger,
  opts: ThreadRunnerOptions = {},
): BatchRunner<NewMessage, StoredMessage> {
  const answerWithinMs = opts.answerWithinMs ?? 15_000;
  const thread = { file, checkpointMs: opts.checkpointMs ?? 1000 };
  let worker: Worker | null = null;
  const restartCheckpointerMs = opts.restartCheckpointerMs ?? 10_000;
  let checkpointer: Worker | null = null;
  let checkpointerRestart: NodeJS.Timeout | null = null;
  let ready = false;
  let nextBatch = 0;
  const waiting = new Map<number, Waiting>();
  let closing = false;

  // Automatic checkpoints run inside the commit that crosses the threshold: on the event loop. The thread checkpoints instead.
  const autoCheckpoint = (pages: number) =>
    sql
      .raw(`pragma wal_autocheckpoint = ${pages}`)
      .execute(db)
      .catch((err: unknown) => log.warn({ err }, 'could not set wal_autocheckpoint'));

  function failAll(err: unknown) {
    for (const [id, w] of waiting) {
      clearTimeout(w.timer);
      waiting.delete(id);
      w.reject(err);
    }
  }

  function lost(w: Worker, why: string, err?: unknown) {
    if (worker !== w) return;
    worker = null;
    ready = false;
    if (!closing) log.error({ err }, `the chat's writer thread ${why}; messages waiting for it fail with 503`);
    failAll(unavailable());
    void w.terminate();
  }

  /**
   * The WAL's checkpoints, on a thread from the runner's start. Once it is ready the server's connection
   * stops checkpointing inside its commits; if it stops, that connection checkpoints again until a fresh
   * one is ready. Unreferenced: a script that builds the app and ends without closing it is not held open.
   */
  function startCheckpointer(): Worker {
    const c = spawnThread({ ...thread, role: 'checkpointer' });
    c.unref();
    c.on('message', (msg: FromWriter) => {
      if (msg.type === 'ready' && checkpointer === c && !closing) void autoCheckpoint(0);
    });
    const gone = (err?: unknown) => {
      if (checkpointer !== c) return;
      checkpointer = null;
      void c.terminate();
      if (closing) return;
      void autoCheckpoint(1000);
      log.warn({ err }, `the checkpointer thread stopped; another starts in ${restartCheckpointerMs} ms`);
      checkpointerRestart = setTimeout(() => {
        checkpointerRestart = null;
        if (!closing) checkpointer = startCheckpointer();
      }, restartCheckpointerMs).unref();
    };
    c.on('error', gone);
    c.on('exit', () => gone());
    return c;
  }
  checkpointer = startCheckpointer();

  function start(): Worker {
    const w = spawnThread({ ...thread, role: 'writer' });
    w.on('message', (msg: FromWriter) => {
      if (msg.type === 'ready') ready = true;
      if (msg.type !== 'written' && msg.type !== 'failed') return;
      const entry = waiting.get(msg.batch);
      if (!entry) return;
      clearTimeout(entry.timer);
      waiting.delete(msg.batch);
      if (msg.type === 'written') entry.resolve(outcomesOf(msg.codes, msg.seqs, msg.errors));
      else entry.reject(outcomeError(msg));
    });
    w.on('error', (err) => lost(w, 'failed', err));
    w.on('exit', (code) => lost(w, `exited (${code})`));
    return w;
  }

  function send(rows: readonly NewMessage[]): Promise<Array<BatchOutcome<StoredMessage>>> {
    if (closing) return Promise.reject(unavailable());
    const w = (worker ??= start());
    const batch = nextBatch++;
    return new Promise<Array<BatchOutcome<StoredMessage>>>((resolve, reject) => {
      // A thread still starting (loading its code, opening the database) gets longer.
      const deadline = answerWithinMs + (ready ? 0 : STARTUP_MS);
      const timer = setTimeout(() => lost(w, `did not answer within ${deadline} ms`), deadline);
      waiting.set(batch, { resolve, reject, timer });
      w.postMessage({ type: 'write', batch, rows: flattenRows(rows) } satisfies ToWriter);
    });
  }

  return {
    run: send,
    async close() {
      closing = true;
      if (checkpointerRestart) clearTimeout(checkpointerRestart);
      const c = checkpointer;
      checkpointer = null;
      if (c) await closeThread(c);
      const w = worker;
      // Batches already handed over are answered first: the thread takes them in order.
      if (w) await closeThread(w);
      worker = null;
      await autoCheckpoint(1000);
    },
  };
}

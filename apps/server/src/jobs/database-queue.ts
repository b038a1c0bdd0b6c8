/**
 * The job engine without Redis: jobs kept in the `jobs` table of Plaza's own database (SQLite on the
 * embedded default, or PostgreSQL) and worked by every process whose role runs workers, `npm start`'s
 * one process included. A job is taken with a hold (`leaseMs`) that its worker renews while it runs; a
 * worker that dies stops renewing, and once the hold runs out any worker takes the job again. Done jobs
 * are deleted; a job that failed its last attempt stays as `failed`, the dead-letter list. On a SQLite file
 * its writes meet the chat's writer thread at the one write lock and wait in SQLite's busy timeout.
 */
import type { Db, DialectName } from '../db';
import type { Logger } from '../lib/logger';
import { jobStore, type ClaimedJob } from './database-store';
import {
  backoffMs,
  DEAD_LETTER_KEEP_MS,
  QUEUE_NAMES,
  QUEUES,
  type DeadJob,
  type JobHandler,
  type Jobs,
  type QueueName,
  type QueueSettings,
  type QueueStats,
} from './jobs';

export interface DatabaseQueueOptions {
  /** How often an idle worker looks for due jobs. */
  pollMs: number;
  /** How long a taken job is held without its worker renewing; a dead worker's job is taken again after it. */
  leaseMs: number;
  /** Whether this process works the queues (PLAZA_ROLE). */
  works: boolean;
  /** QUEUES unless a test wants quicker retries. */
  queues?: Record<QueueName, QueueSettings>;
}

const iso = (ms: number) => new Date(ms).toISOString();
const PRUNE_EVERY_MS = 3_600_000;

// Long: a factory; each method is short and shares the store, the timers and the workers made once here.
export function databaseQueue(
  deps: { db: Db; dialect: DialectName; log: Logger },
  options: DatabaseQueueOptions,
): Jobs & { engine: 'database' } {
  const { dialect, log } = deps;
  const settings = options.queues ?? QUEUES;
  // On an executor of its own, so a test counting a request's statements never counts a poll.
  const store = jobStore(deps.db.withoutPlugins(), dialect);
  const handlers = new Map<QueueName, JobHandler<QueueName>>();
  const running = new Map<QueueName, Set<Promise<void>>>(QUEUE_NAMES.map((q) => [q, new Set()]));
  const claiming = new Set<QueueName>();
  const failures = Object.fromEntries(QUEUE_NAMES.map((q) => [q, 0])) as Record<QueueName, number>;
  let timer: NodeJS.Timeout | null = null;
  let started = false;
  let lastPrune = 0;

  async function run(job: ClaimedJob): Promise<void> {
    const queue = job.queue as QueueName;
    const handler = handlers.get(queue)!;
    const hold = setInterval(
      () =>
        void store
          .renew(job.id, job.attempts, iso(Date.now() + options.leaseMs))
          .catch((err: unknown) => log.warn({ err, jobId: job.id }, 'could not renew the hold on a running job')),
      Math.max(5, Math.floor(options.leaseMs / 3)),
    );
    hold.unref();
    try {
      await handler(JSON.parse(job.data) as never, { id: job.id, attempt: job.attempts });
      clearInterval(hold);
      await store.done(job.id);
    } catch (err) {
      clearInterval(hold);
      failures[queue] += 1;
      const message = String((err as Error)?.message ?? err);
      const last = job.attempts >= settings[queue].attempts;
      const retryAt = iso(Date.now() + backoffMs(settings[queue], job.attempts));
      log.warn(
        { err, queue, jobId: job.id, attempt: job.attempts, ...(last ? {} : { retryAt }) },
        last ? 'a job failed its last attempt: it is kept in the dead-letter list' : 'a job failed; it is retried',
      );
      await (
        last ? store.fail(job.id, job.attempts, iso(Date.now()), message) : store.retryAt(job.id, job.attempts, retryAt, message)
      ).catch((e: unknown) =>
        log.warn({ err: e, jobId: job.id }, 'could not reschedule a failed job; it is taken again once its hold runs out'),
      );
    }
  }

  /** Takes as many due jobs of `queue` as there are free slots, and takes more as each finishes. */
  async function pump(queue: QueueName): Promise<void> {
    const slots = settings[queue].concurrency - running.get(queue)!.size;
    if (!started || slots <= 0 || claiming.has(queue) || !handlers.has(queue)) return;
    claiming.add(queue);
    try {
      const now = Date.now();
      if (!(await store.anyDue(queue, iso(now)))) return;
      const jobs = await store.claim(queue, iso(now), iso(now + options.leaseMs), slots);
      for (const job of jobs) {
        const task: Promise<void> = run(job).finally(() => {
          running.get(queue)!.delete(task);
          void pump(queue);
        });
        running.get(queue)!.add(task);
      }
    } catch (err) {
      log.warn({ err, queue }, 'could not take jobs; trying again shortly');
    } finally {
      claiming.delete(queue);
    }
  }

  function poll(): void {
    for (const queue of handlers.keys()) void pump(queue);
    if (Date.now() - lastPrune > PRUNE_EVERY_MS) {
      lastPrune = Date.now();
      void store
        .prune(iso(Date.now() - DEAD_LETTER_KEEP_MS))
        .catch((err: unknown) => log.warn({ err }, 'could not prune the dead-letter list'));
    }
  }

  const allRunning = () => [...running.values()].flatMap((s) => [...s]);

  return {
    engine: 'database',
    failures,
    async enqueue(queue, data, opts) {
      const now = Date.now();
      await store.insert({
        id: opts.jobId,
        queue,
        data: JSON.stringify(data),
        state: 'waiting',
        attempts: 0,
        created_at: iso(now),
        available_at: iso(now + (opts.delayMs ?? 0)),
      });
      // Here at once rather than at the next poll: no added wait on the embedded default.
      if (!opts.delayMs) void pump(queue);
    },
    registerWorker(queue, handler) {
      handlers.set(queue, handler as JobHandler<QueueName>);
    },
    start() {
      if (!options.works || started) return;
      started = true;
      timer = setInterval(poll, options.pollMs);
      timer.unref();
      poll();
    },
    async stop() {
      started = false;
      if (timer) clearInterval(timer);
      timer = null;
      await Promise.allSettled(allRunning());
    },
    async stats(): Promise<QueueStats[]> {
      const now = Date.now();
      return Promise.all(
        QUEUE_NAMES.map(async (queue) => {
          const c = await store.counts(queue, iso(now));
          const lagSeconds = c.oldestDue ? Math.max(0, (now - Date.parse(c.oldestDue)) / 1000) : 0;
          return { queue, waiting: c.waiting, active: c.active, failed: c.failed, lagSeconds };
        }),
      );
    },
    async deadLetters(queue, limit): Promise<DeadJob[]> {
      return (await store.failed(queue, limit)).map((r) => ({
        id: r.id,
        queue,
        attempts: r.attempts,
        error: r.last_error,
        createdAt: r.created_at,
        failedAt: r.failed_at,
        fields: Object.keys(JSON.parse(r.data) as object),
      }));
    },
    async drained() {
      for (;;) {
        await Promise.allSettled(allRunning());
        const now = iso(Date.now());
        const due = await Promise.all([...handlers.keys()].map((q) => store.anyDue(q, now)));
        if (!due.includes(true) && allRunning().length === 0) return;
        poll();
        await new Promise((r) => setTimeout(r, 10));
      }
    },
  };
}

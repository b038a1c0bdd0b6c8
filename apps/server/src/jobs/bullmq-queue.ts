/**
 * The job engine with Redis: one BullMQ queue per Plaza queue, under REDIS_KEY_PREFIX, worked by every
 * process whose role runs workers. BullMQ holds a running job with a lock its worker renews; a worker
 * that dies stops renewing, and the job is moved back to wait once the stalled check finds its lock
 * gone (within about two `leaseMs`). Done jobs are kept an hour (a repeat of the same id within it is
 * not added), failed ones for the dead-letter list's 14 days.
 */
import { Queue, Worker, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import { newRedis } from '../lib/redis-address';
import type { Logger } from '../lib/logger';
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

export interface BullmqQueueOptions {
  url: string;
  /** REDIS_KEY_PREFIX: every key of the queues starts with it. */
  keyPrefix: string;
  /** How long a running job's lock lasts without renewal; also how often stalled jobs are looked for. */
  leaseMs: number;
  /** How long adding a job may take before it counts as failed (Redis away). */
  commandMs: number;
  works: boolean;
  /** QUEUES unless a test wants quicker retries. */
  queues?: Record<QueueName, QueueSettings>;
}

export interface BullmqJobs extends Jobs {
  readonly engine: 'bullmq';
  /** The queues themselves, for the admins' board (jobs/admin-routes.ts). */
  bullQueues(): Queue[];
}

const isConnectionError = (err: Error & { code?: string }) =>
  ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE'].includes(err.code ?? '') || /connection|closed|timed out/i.test(err.message);

/** How long a stop waits for running jobs and Redis before it lets go of them. */
const STOP_WAIT_MS = 10_000;

/** Resolves when `work` settles or after `ms`, whichever comes first. */
async function withinMs(work: Promise<unknown>, ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([work, new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
}

/** BullMQ refuses ids with one `:` (its own repeat ids have two), so the separator travels as `.`. */
const bullId = (jobId: string) => jobId.replaceAll(':', '.');

function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

// Long: a factory; each method is short and shares the queues and workers made once here.
export function bullmqQueue(log: Logger, options: BullmqQueueOptions): BullmqJobs {
  const prefix = `${options.keyPrefix}bull`;
  const settings = options.queues ?? QUEUES;
  // Adding fails fast while Redis is away (the caller keeps the work: the outbox retries, mail goes out directly).
  const producer = newRedis(options.url, { enableOfflineQueue: false, maxRetriesPerRequest: 1, connectTimeout: options.commandMs });
  producer.on('error', (err: Error) => log.debug({ err }, 'job queue Redis connection error'));
  const queues = new Map<QueueName, Queue>(
    QUEUE_NAMES.map((name) => {
      const queue = new Queue(name, {
        connection: producer,
        prefix,
        defaultJobOptions: {
          attempts: settings[name].attempts,
          backoff: { type: 'plaza' },
          removeOnComplete: { age: 3600, count: 10_000 },
          removeOnFail: { age: DEAD_LETTER_KEEP_MS / 1000 },
        },
      });
      queue.on('error', (err: Error) => log.debug({ err, queue: name }, 'job queue error'));
      return [name, queue];
    }),
  );
  const handlers = new Map<QueueName, JobHandler<QueueName>>();
  const workers: Worker[] = [];
  const workerConnections: Redis[] = [];
  const failures = Object.fromEntries(QUEUE_NAMES.map((q) => [q, 0])) as Record<QueueName, number>;

  function startWorker(name: QueueName, handler: JobHandler<QueueName>): void {
    // Workers block on Redis and must wait out an outage rather than fail their commands.
    const connection = newRedis(options.url, { maxRetriesPerRequest: null });
    connection.on('error', (err: Error) => log.debug({ err }, 'job worker Redis connection error'));
    workerConnections.push(connection);
    const worker = new Worker(name, (job: Job) => handler(job.data as never, { id: job.id ?? '', attempt: job.attemptsMade + 1 }), {
      connection,
      prefix,
      concurrency: settings[name].concurrency,
      lockDuration: options.leaseMs,
      stalledInterval: options.leaseMs,
      // A job whose worker died is run again a few times before it counts as failed.
      maxStalledCount: 3,
      settings: { backoffStrategy: (attemptsMade: number) => backoffMs(settings[name], attemptsMade) },
    });
    // While Redis is away each reconnect attempt errors; the outage itself is logged once (lib/redis.ts).
    worker.on('error', (err: Error) =>
      isConnectionError(err)
        ? log.debug({ err, queue: name }, 'job worker waits for Redis')
        : log.warn({ err, queue: name }, 'job worker error'),
    );
    worker.on('failed', (job, err) => {
      failures[name] += 1;
      const last = !job || job.attemptsMade >= settings[name].attempts;
      log.warn(
        { err, queue: name, jobId: job?.id, attempt: job?.attemptsMade },
        last ? 'a job failed its last attempt: it is kept in the dead-letter list' : 'a job failed; it is retried',
      );
    });
    workers.push(worker);
  }

  const queueOf = (name: QueueName) => queues.get(name)!;

  return {
    engine: 'bullmq',
    failures,
    bullQueues: () => [...queues.values()],
    async enqueue(queue, data, opts) {
      await withTimeout(
        queueOf(queue).add(queue, data, { jobId: bullId(opts.jobId), ...(opts.delayMs ? { delay: opts.delayMs } : {}) }),
        options.commandMs,
        'adding a job',
      );
    },
    registerWorker(queue, handler) {
      handlers.set(queue, handler as JobHandler<QueueName>);
    },
    start() {
      if (!options.works || workers.length > 0) return;
      for (const [name, handler] of handlers) startWorker(name, handler);
    },
    async stop() {
      // A worker's close waits for its running jobs; what waits stays in Redis for the next worker. A close
      // waits for Redis too: unreachable, it would hold the shutdown forever, so it is not waited for then,
      // and never longer than STOP_WAIT_MS (a job cut short is taken again by the next worker, once).
      const closing = Promise.allSettled([...workers.splice(0).map((w) => w.close()), ...[...queues.values()].map((q) => q.close())]);
      if (producer.status === 'ready') await withinMs(closing, STOP_WAIT_MS);
      for (const c of workerConnections.splice(0)) c.disconnect();
      producer.disconnect();
    },
    async stats(): Promise<QueueStats[]> {
      const now = Date.now();
      return Promise.all(
        QUEUE_NAMES.map(async (name) => {
          const queue = queueOf(name);
          const counts = await queue.getJobCounts('wait', 'prioritized', 'delayed', 'active', 'failed');
          const [oldest] = await queue.getJobs(['wait'], 0, 0, true);
          const lagSeconds = oldest ? Math.max(0, (now - oldest.timestamp - (oldest.delay ?? 0)) / 1000) : 0;
          return {
            queue: name,
            waiting: (counts.wait ?? 0) + (counts.prioritized ?? 0) + (counts.delayed ?? 0),
            active: counts.active ?? 0,
            failed: counts.failed ?? 0,
            lagSeconds,
          };
        }),
      );
    },
    async deadLetters(queue, limit): Promise<DeadJob[]> {
      const failed = await queueOf(queue).getFailed(0, limit - 1);
      return failed.map((job) => ({
        id: job.id ?? '',
        queue,
        attempts: job.attemptsMade,
        error: job.failedReason ?? null,
        createdAt: new Date(job.timestamp).toISOString(),
        failedAt: job.finishedOn ? new Date(job.finishedOn).toISOString() : null,
        fields: Object.keys((job.data ?? {}) as object),
      }));
    },
    async drained() {
      for (;;) {
        const counts = await Promise.all([...handlers.keys()].map((name) => queueOf(name).getJobCounts('wait', 'prioritized', 'active')));
        if (counts.every((c) => (c.wait ?? 0) + (c.prioritized ?? 0) + (c.active ?? 0) === 0)) return;
        await new Promise((r) => setTimeout(r, 20));
      }
    },
  };
}

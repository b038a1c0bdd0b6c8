/**
 * Background work as jobs (docs/deploy.md, "Workers and queues"): a feature hands work that need not hold
 * up an answer to `enqueue`, and whichever process runs workers does it, retried with back-off until it
 * succeeds or lands in the dead-letter list. Two engines behind this one interface: BullMQ on Redis when
 * REDIS_URL is set, and otherwise a queue kept in Plaza's own database and worked in-process (jobs/index.ts).
 *
 * Delivery is at least once: a worker killed mid-job leaves the job to be run again, so every handler makes
 * a second run change nothing. A job's id is derived from the work (`fanout:<postId>`), so asking twice for
 * the same work while it waits or runs adds nothing.
 */
import type { OutgoingMail } from '../mail';
import type { VideoSource } from '../media/video-originals';

/**
 * Every queue and what one of its jobs carries. A feature whose jobs carry its own types adds them from its
 * folder (`declare module`, as modules/push/request.ts does), so this file imports no feature.
 */
export interface JobPayloads {
  /** A post's remaining timeline rows, after the friend `after` (posts/post-fan-out.ts). */
  fanout: { postId: string; authorId: string; after: string };
  /** A mail to hand to the SMTP server (mail/mailer.ts). */
  mail: OutgoingMail;
  /** A message of Fedify's queue: an activity to deliver or one received to handle (modules/federation/message-queue.ts). */
  federation: { message: unknown };
  /** A post's uploaded video to make playable (media/video-jobs.ts, modules/posts/video-processing.ts). */
  video: VideoSource & { postId: string };
  /** A story's uploaded video to make playable (modules/stories/video-processing.ts). */
  storyVideo: VideoSource & { storyId: string };
}

export type QueueName = keyof JobPayloads;

export interface EnqueueOptions {
  /** Derived from the work (`fanout:<postId>`): a job with the same id already waiting or running is not added again. */
  jobId: string;
  /** Run no earlier than this many milliseconds from now. */
  delayMs?: number;
}

/** What a handler knows of its job besides its data. */
export interface JobInfo {
  id: string;
  /** 1 on the first run, 2 on the first retry, and so on. */
  attempt: number;
}

export type JobHandler<Q extends QueueName> = (data: JobPayloads[Q], job: JobInfo) => Promise<void>;

/** A queue as an operator sees it (`/metrics`, `/admin/queues`). */
export interface QueueStats {
  queue: QueueName;
  /** Due now or waiting out a delay or back-off. */
  waiting: number;
  active: number;
  /** Gave up after its last attempt: the dead-letter list. */
  failed: number;
  /** Age of the oldest job that is due and not started, in seconds (0 when none waits). */
  lagSeconds: number;
}

/** A job in the dead-letter list. */
export interface DeadJob {
  id: string;
  queue: QueueName;
  attempts: number;
  error: string | null;
  createdAt: string;
  failedAt: string | null;
  /** Only the names of the data's fields: a mail's text carries links that open accounts. */
  fields: string[];
}

export interface Jobs {
  readonly engine: 'bullmq' | 'database';
  /** Stored (in Redis or the database) once this resolves; rejects when it could not be. */
  enqueue<Q extends QueueName>(queue: Q, data: JobPayloads[Q], opts: EnqueueOptions): Promise<void>;
  /** The one handler of a queue; a process runs it only when its role runs workers. */
  registerWorker<Q extends QueueName>(queue: Q, handler: JobHandler<Q>): void;
  /** Starts working the registered queues (role `worker` or `all`); call once every handler is registered. */
  start(): void;
  /** Stops taking jobs and waits for the ones running here; what is left waits for the next worker. */
  stop(): Promise<void>;
  stats(): Promise<QueueStats[]>;
  deadLetters(queue: QueueName, limit: number): Promise<DeadJob[]>;
  /** Resolves once no job of this process's queues waits or runs (tests; database engine and this process's workers). */
  drained(): Promise<void>;
  /** Attempts that failed in this process, by queue (a counter for `/metrics`). */
  readonly failures: Readonly<Record<QueueName, number>>;
}

/** How each queue is worked: jobs at once per process, attempts before the dead-letter list, first back-off. */
export interface QueueSettings {
  concurrency: number;
  attempts: number;
  backoffMs: number;
}

export const QUEUES: Record<QueueName, QueueSettings> = {
  // A big fan-out writes batches of 250 timelines; two at once keep SQLite's writer and the pool free enough.
  fanout: { concurrency: 2, attempts: 10, backoffMs: 1000 },
  // SMTP servers that refuse for a while (greylisting, a restart) get about 40 minutes in all.
  mail: { concurrency: 2, attempts: 10, backoffMs: 5000 },
  // A peer that is down gets tried for about an hour and a half (back-off up to 10 minutes).
  federation: { concurrency: 4, attempts: 16, backoffMs: 2000 },
  // Deciding what to push only reads the database; a failure is worth a quick second try, not a long wait.
  push: { concurrency: 4, attempts: 3, backoffMs: 1000 },
  // A push service that is down or slow gets about two and a half minutes; later the news is stale anyway.
  pushDelivery: { concurrency: 8, attempts: 5, backoffMs: 10_000 },
  // ffmpeg takes every core: one encode at a time per worker. A failure is worth two more tries (a busy
  // machine, storage away for a moment), not more: each may cost the encoder its whole 45 seconds.
  video: { concurrency: 1, attempts: 3, backoffMs: 5000 },
  // The same encoder as posts' videos (media/video.ts runs one encode at a time per process, whichever queue asks).
  storyVideo: { concurrency: 1, attempts: 3, backoffMs: 5000 },
};

export const QUEUE_NAMES = Object.keys(QUEUES) as QueueName[];

/** The wait before attempt `attempt + 1`: the queue's back-off doubled each time, at most 10 minutes. */
export const backoffMs = (settings: QueueSettings, attempt: number) =>
  Math.min(600_000, settings.backoffMs * 2 ** Math.max(0, attempt - 1));

/** How long a failed job stays in the dead-letter list. */
export const DEAD_LETTER_KEEP_MS = 14 * 86_400_000;

/** Which parts of Plaza a process runs (PLAZA_ROLE): the web API, the job workers, or both (the default). */
export type Role = 'web' | 'worker' | 'all';
export const runsWorkers = (role: Role) => role !== 'web';
export const servesWeb = (role: Role) => role !== 'worker';

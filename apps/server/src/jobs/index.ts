/** The job system: BullMQ when REDIS_URL is set, the database queue otherwise (jobs.ts says how to use it). */
import type { Config } from '../config';
import type { Db, DialectName } from '../db';
import type { Logger } from '../lib/logger';
import type { BullmqJobs } from './bullmq-queue';
import { databaseQueue } from './database-queue';
import { runsWorkers, type Jobs } from './jobs';

export type { JobInfo, Jobs } from './jobs';
export { servesWeb } from './jobs';
export { exportJobMetrics } from './job-metrics';
export { registerQueueBoard } from './admin-routes';

export type AnyJobs = BullmqJobs | (Jobs & { engine: 'database' });

export async function createJobs(config: Config, deps: { db: Db; dialect: DialectName; log: Logger }): Promise<AnyJobs> {
  const log = deps.log.child({ part: 'jobs' });
  const works = runsWorkers(config.role);
  if (config.redisUrl) {
    // Loaded only with Redis: a single server on the database queue never loads BullMQ.
    const { bullmqQueue } = await import('./bullmq-queue');
    return bullmqQueue(log, {
      url: config.redisUrl,
      keyPrefix: config.redisKeyPrefix,
      leaseMs: config.outbox.leaseMs,
      commandMs: config.redisTimeouts.commandMs,
      works,
    });
  }
  return databaseQueue({ ...deps, log }, { pollMs: config.outbox.pollMs, leaseMs: config.outbox.leaseMs, works });
}

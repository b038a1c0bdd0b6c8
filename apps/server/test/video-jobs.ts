/** Shared by the posts' and stories' video job suites: a queue's counts, and a worker of the test's own. */
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { onTestFinished } from 'vitest';
import type { AppContext } from '../src/context';
import { databaseQueue } from '../src/jobs/database-queue';
import { QUEUES, type QueueName } from '../src/jobs/jobs';

export const queueStats = async (app: FastifyInstance, queue: QueueName) => (await app.ctx.jobs.stats()).find((s) => s.queue === queue);

/**
 * The jobs `start` registers, worked for this app by a queue engine of the test's own with quick retries
 * (QUEUES' attempts); stopped when the test ends.
 */
export function quickWorker(app: FastifyInstance, start: (ctx: AppContext) => () => void) {
  const quick = Object.fromEntries(
    Object.entries(QUEUES).map(([name, settings]) => [name, { ...settings, backoffMs: 50 }]),
  ) as typeof QUEUES;
  const { db, dialect } = app.ctx;
  const jobs = databaseQueue({ db, dialect, log: pino({ level: 'silent' }) }, { pollMs: 20, leaseMs: 2000, works: true, queues: quick });
  const stop = start({ ...app.ctx, jobs });
  jobs.start();
  onTestFinished(async () => {
    stop();
    await jobs.stop();
  });
  return jobs;
}

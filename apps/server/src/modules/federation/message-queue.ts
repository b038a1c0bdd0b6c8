/**
 * Fedify's message queue on Plaza's jobs (jobs/jobs.ts): BullMQ on Redis when REDIS_URL is set, the
 * database queue otherwise. Deliveries and received activities therefore survive a restart, are shared by
 * every worker process without being done twice, are retried with back-off (`nativeRetrial`: Fedify
 * leaves retrying to the jobs) and show in `/metrics` and `/admin/queues` as the `federation` queue.
 */
import type { MessageQueue, MessageQueueEnqueueOptions, MessageQueueListenOptions } from '@fedify/fedify';
import type { AnyJobs } from '../../jobs';
import { newId } from '../../lib/ids';
import { durationMs } from './duration';

export class JobsMessageQueue implements MessageQueue {
  readonly nativeRetrial = true;

  constructor(private readonly jobs: AnyJobs) {}

  async enqueue(message: unknown, options?: MessageQueueEnqueueOptions): Promise<void> {
    const delayMs = options?.delay ? Math.max(0, Math.round(durationMs(options.delay))) : undefined;
    await this.jobs.enqueue('federation', { message }, { jobId: `federation:${newId()}`, ...(delayMs ? { delayMs } : {}) });
  }

  /** Registers the worker; resolves when Fedify stops listening (the jobs themselves stop with the app). */
  listen(handler: (message: unknown) => Promise<void> | void, options?: MessageQueueListenOptions): Promise<void> {
    this.jobs.registerWorker('federation', async ({ message }) => {
      await handler(message);
    });
    return new Promise((resolve) => {
      if (!options?.signal || options.signal.aborted) return resolve();
      options.signal.addEventListener('abort', () => resolve(), { once: true });
    });
  }
}

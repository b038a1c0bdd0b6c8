/**
 * The queues in `/metrics`, one series per queue: jobs waiting (depth), running, in the dead-letter list,
 * the lag (age of the oldest due job not started), and attempts that failed in this process. Read at
 * scrape time, bounded: while Redis or the database is away the last known values stay, and `/metrics`
 * still answers.
 */
import { Counter } from 'prom-client';
import type { Metrics } from '../observability/metrics';
import { QUEUE_NAMES, type Jobs, type QueueStats } from './jobs';

const READ_TIMEOUT_MS = 800;

export function exportJobMetrics(metrics: Metrics, jobs: Pick<Jobs, 'stats' | 'failures'>): void {
  let last: QueueStats[] = QUEUE_NAMES.map((queue) => ({ queue, waiting: 0, active: 0, failed: 0, lagSeconds: 0 }));
  // One read serves every gauge of a scrape.
  let reading: Promise<QueueStats[]> | null = null;
  const read = () =>
    (reading ??= (async () => {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<QueueStats[]>((resolve) => {
        timer = setTimeout(() => resolve(last), READ_TIMEOUT_MS);
      });
      last = await Promise.race([jobs.stats().catch(() => last), timeout]);
      clearTimeout(timer);
      reading = null;
      return last;
    })());
  const byQueue = (pick: (s: QueueStats) => number) => async () => Object.fromEntries((await read()).map((s) => [s.queue, pick(s)]));

  metrics.labelledGauge(
    'plaza_queue_depth',
    'Jobs waiting to run, due or delayed (back-off included)',
    'queue',
    byQueue((s) => s.waiting),
  );
  metrics.labelledGauge(
    'plaza_queue_active',
    'Jobs running now, on any worker',
    'queue',
    byQueue((s) => s.active),
  );
  metrics.labelledGauge(
    'plaza_queue_dead_letters',
    'Jobs that failed their last attempt and are kept',
    'queue',
    byQueue((s) => s.failed),
  );
  metrics.labelledGauge(
    'plaza_queue_lag_seconds',
    'Age of the oldest job that is due and not started (0 when none waits)',
    'queue',
    byQueue((s) => s.lagSeconds),
  );
  const counted = Object.fromEntries(QUEUE_NAMES.map((q) => [q, 0]));
  new Counter({
    name: 'plaza_queue_failures_total',
    help: 'Job attempts that failed in this process (retried or given up)',
    labelNames: ['queue'] as const,
    registers: [metrics.registry],
    collect() {
      for (const queue of QUEUE_NAMES) {
        const now = jobs.failures[queue];
        // Zero series too, so a dashboard's rate() has a start.
        this.inc({ queue }, now - counted[queue]);
        counted[queue] = now;
      }
    },
  });
}

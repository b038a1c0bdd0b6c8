/**
 * The outbox's backlog in `/metrics`: events written and not yet handled everywhere, and the age of the
 * oldest (the lag between a change and its timelines, counters and notifications). Read from the
 * database at scrape time, bounded: while the database is away the last known values stay, and
 * `/metrics` still answers.
 */
import type { Metrics } from '../observability/metrics';
import type { Outbox, OutboxBacklog } from './outbox';

const READ_TIMEOUT_MS = 800;

export function exportOutboxBacklog(metrics: Metrics, outbox: Pick<Outbox, 'backlog'>): void {
  let last: OutboxBacklog = { pending: 0, oldestAgeSeconds: 0 };
  // One read serves both gauges of a scrape.
  let reading: Promise<OutboxBacklog> | null = null;
  const read = () =>
    (reading ??= (async () => {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<OutboxBacklog>((resolve) => {
        timer = setTimeout(() => resolve(last), READ_TIMEOUT_MS);
      });
      // The database is away or slow: the dependency gauge says so; the backlog keeps its last value.
      const fresh = outbox.backlog().catch(() => last);
      last = await Promise.race([fresh, timeout]);
      clearTimeout(timer);
      reading = null;
      return last;
    })());
  metrics.gauge(
    'plaza_outbox_pending_events',
    'Domain events written and not yet handled by every subscriber',
    async () => (await read()).pending,
  );
  metrics.gauge(
    'plaza_outbox_lag_seconds',
    'Age of the oldest domain event not yet handled (0 when none waits)',
    async () => (await read()).oldestAgeSeconds,
  );
}

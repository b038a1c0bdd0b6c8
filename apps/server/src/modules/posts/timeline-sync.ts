/**
 * Keeps timelines in step with friendships. The people feature records `friendshipChanged` in its
 * transaction; once it is dispatched (lib/events.ts: at least once, possibly by another process, possibly
 * again after a failure), this re-reads the pair's connection and links or unlinks their posts. It looks
 * at the state, not at the event, so a repeat or a late delivery changes nothing: linking adds only the
 * rows that are missing and unlinking removes only those still there, each counted in `feed_sizes` by
 * what it actually did. Syncs of one pair never overlap (a queue here; on PostgreSQL also a lock across
 * processes), so a quick accept-then-remove can never leave the rows of the state that lost.
 */
import { sql } from 'kysely';
import type { AppContext } from '../../context';
import { retryTransient } from '../../db/retry';
import type { Logger } from '../../lib/logger';
import { areFriends } from '../people';
import { timelineReadModel } from './timeline-read-model';

export function timelineSync(ctx: AppContext) {
  return {
    /** Brings both timelines of the pair in line with whether they are friends now. */
    async syncPair(a: string, b: string): Promise<void> {
      const [low, high] = a < b ? [a, b] : [b, a];
      await retryTransient(() =>
        ctx.db.transaction().execute(async (trx) => {
          // Held until commit: another process syncing the same pair waits, then reads what this one left.
          if (ctx.dialect === 'postgres') await sql`select pg_advisory_xact_lock(hashtext(${`timeline:${low}:${high}`}))`.execute(trx);
          const timeline = timelineReadModel(trx);
          if (await areFriends(trx, a, b)) await timeline.link(a, b);
          else await timeline.unlink(a, b);
        }),
      );
      ctx.events.publish('feedPagesChanged', { readerIds: [a, b] });
    },
  };
}

export function startTimelineSync(ctx: AppContext, log: Logger): () => void {
  const sync = timelineSync(ctx);
  const queues = new Map<string, Promise<void>>();
  let stopped = false;

  const unsubscribe = ctx.events.subscribe('friendshipChanged', ({ userIds: [a, b] }) => {
    const key = a < b ? `${a}:${b}` : `${b}:${a}`;
    const next = (queues.get(key) ?? Promise.resolve())
      .catch(() => {})
      .then(() => {
        // Thrown rather than skipped: the event stays in the outbox for the next process.
        if (stopped) throw new Error('the timeline sync is stopping');
        return sync.syncPair(a, b);
      })
      .catch((err: unknown) => {
        if (!stopped) log.error({ err, userIds: [a, b] }, 'timeline sync failed for a friendship change; it is retried');
        throw err;
      })
      .finally(() => {
        if (queues.get(key) === next) queues.delete(key);
      });
    queues.set(key, next);
    // Returned, so the event counts as handled only once the timelines are in step (or is retried).
    return next;
  });

  return () => {
    stopped = true;
    unsubscribe();
  };
}

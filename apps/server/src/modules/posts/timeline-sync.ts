/**
 * Keeps timelines in step with friendships. The people feature publishes `friendshipChanged` after its
 * commit; this re-reads the pair's connection and links or unlinks their posts. Changes of one pair run
 * one after another, so a quick accept-then-remove can never finish in the wrong order.
 */
import type { AppContext } from '../../context';
import type { Logger } from '../../lib/logger';
import { areFriends } from '../people';
import { timelineReadModel } from './timeline-read-model';

export function timelineSync(ctx: AppContext) {
  return {
    /** Brings both timelines of the pair in line with whether they are friends now. */
    async syncPair(a: string, b: string): Promise<void> {
      await ctx.db.transaction().execute(async (trx) => {
        const timeline = timelineReadModel(trx);
        if (await areFriends(trx, a, b)) await timeline.link(a, b);
        else await timeline.unlink(a, b);
      });
    },
  };
}

export function startTimelineSync(ctx: AppContext, log: Logger): () => void {
  const sync = timelineSync(ctx);
  const queues = new Map<string, Promise<void>>();
  let stopped = false;

  const unsubscribe = ctx.events.subscribe('friendshipChanged', ({ userIds: [a, b] }) => {
    if (stopped) return;
    const key = a < b ? `${a}:${b}` : `${b}:${a}`;
    const next = (queues.get(key) ?? Promise.resolve())
      .then(() => (stopped ? undefined : sync.syncPair(a, b)))
      .catch((err: unknown) => {
        // After shutdown the database is gone; anything else is a real fault worth seeing.
        if (!stopped) log.error({ err, userIds: [a, b] }, 'timeline sync failed for a friendship change');
      })
      .finally(() => {
        if (queues.get(key) === next) queues.delete(key);
      });
    queues.set(key, next);
    // Returned, so the event bus knows the work is running (shutdown and tests wait for it).
    return next;
  });

  return () => {
    stopped = true;
    unsubscribe();
  };
}

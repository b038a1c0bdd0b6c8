/**
 * Keeps timelines in step with friendships. The people feature publishes `friendshipChanged` after its
 * commit; this re-reads the pair's connection and links or unlinks their posts. Changes of one pair run
 * one after another, so a quick accept-then-remove can never finish in the wrong order.
 */
import type { AppContext } from '../../context';
import { timelineRepo } from './timeline-repo';

export function timelineSync(ctx: AppContext) {
  return {
    /** Brings both timelines of the pair in line with whether they are friends now. */
    async syncPair(a: string, b: string): Promise<void> {
      await ctx.db.transaction().execute(async (trx) => {
        const repo = timelineRepo(trx);
        if (await repo.areFriends(a, b)) await repo.link(a, b);
        else await repo.unlink(a, b);
      });
    },
  };
}

export function startTimelineSync(ctx: AppContext): () => void {
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
        if (!stopped) console.error('timeline sync failed for a friendship change', err);
      })
      .finally(() => {
        if (queues.get(key) === next) queues.delete(key);
      });
    queues.set(key, next);
  });

  return () => {
    stopped = true;
    unsubscribe();
  };
}

/** Removes expired stories and their files. Listing and viewing already ignore them; this reclaims the space. */
import type { AppContext } from '../../context';
import { nowIso } from '../../lib/ids';
import type { Logger } from '../../lib/logger';
import { storyRepo } from './repo';
import { storyFileKeys } from './video-files';

const BATCH = 200;
export const SWEEP_INTERVAL_MS = 10 * 60_000;

/** Deletes every story expired by now; returns how many. Safe to run on several nodes at once. */
export async function sweepExpiredStories(ctx: AppContext): Promise<number> {
  const stories = storyRepo(ctx.db);
  let removed = 0;
  for (;;) {
    const expired = await stories.listExpired(nowIso(), BATCH);
    if (expired.length === 0) return removed;
    // Rows first: a failure then leaves an orphan file, never a story without its media.
    await stories.deleteMany(expired.map((s) => s.id));
    for (const s of expired) {
      for (const key of storyFileKeys(ctx.storage, s)) await ctx.storage.remove(key);
    }
    removed += expired.length;
    if (expired.length < BATCH) return removed;
  }
}

/** Sweeps shortly after start and then every ten minutes; returns the stop function. */
export function startStorySweep(ctx: AppContext, log: Logger, everyMs = SWEEP_INTERVAL_MS): () => void {
  let stopped = false;
  const run = () => {
    sweepExpiredStories(ctx).catch((err: unknown) => {
      // After stop the database may already be closed; that failure means nothing.
      if (!stopped) log.error({ err }, 'story sweep failed');
    });
  };
  const first = setTimeout(run, 5_000).unref();
  const timer = setInterval(run, everyMs).unref();
  return () => {
    stopped = true;
    clearTimeout(first);
    clearInterval(timer);
  };
}

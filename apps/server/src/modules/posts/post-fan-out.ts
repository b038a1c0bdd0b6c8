/**
 * Puts a published post on its author's friends' timelines beyond the first batch, which the publish
 * wrote itself (service.ts). A person with 5,000 friends would otherwise write 5,000 rows in one
 * statement, holding SQLite's one connection and the event loop (chat, every other request) for as
 * long; here each batch of FAN_OUT_BATCH timelines is a transaction of its own, and the event loop
 * serves others between them.
 *
 * The rest is told by `postPublished`, recorded in the outbox with the post (docs/decisions/outbox.md),
 * and done as a `fanout` job (src/jobs/): a worker that dies between batches leaves the job, and whoever
 * runs it again starts after the first batch; the batches already written add nothing a second time
 * (fanOutBatch skips timelines that hold the post, and counts only what it added). A batch first checks that the post still exists,
 * holding it on PostgreSQL until the batch commits, so a delete waits for the batch and then takes its
 * rows away (service.ts deletes the post before its timeline rows); a deleted post stops the fan-out.
 */
import { setImmediate as nextTurn, setTimeout as sleep } from 'node:timers/promises';
import type { AppContext } from '../../context';
import type { Db, DialectName } from '../../db';
import { retryTransient } from '../../db/retry';
import { timelineReadModel } from './timeline-read-model';

/** Timelines written per transaction. */
export const FAN_OUT_BATCH = 250;

/** Writes the post to the timelines of the author's friends after `after`, a batch per transaction. */
export async function fanOutFrom(
  db: Db,
  dialect: DialectName,
  post: { postId: string; authorId: string; after: string },
  /** Told, once each batch has committed, whose timelines it wrote to. */
  written?: (readers: string[]) => void,
  /** A pause after each batch (test runs only: Config.fanOutPauseMs). */
  pauseMs = 0,
): Promise<void> {
  let next: string | null = post.after;
  while (next !== null) {
    await nextTurn();
    const from: string = next;
    const batch = () =>
      db.transaction().execute(async (trx) => {
        let stored = trx.selectFrom('posts').select('id').where('id', '=', post.postId);
        if (dialect === 'postgres') stored = stored.forKeyShare();
        if (!(await stored.executeTakeFirst())) return { next: null, readers: [] };
        return timelineReadModel(trx).fanOutBatch(post.postId, post.authorId, from, FAN_OUT_BATCH);
      });
    // On SQLite a batch meets the chat's writer thread at the one write lock and waits in SQLite's busy timeout.
    const done = await retryTransient(batch);
    next = done.next;
    if (done.readers.length) written?.(done.readers);
    if (pauseMs > 0 && next !== null) await sleep(pauseMs);
  }
}

/**
 * `postPublished` (recorded with the post) becomes a `fanout` job, which a worker runs: with Redis, on
 * whichever process works the queues. Its id is the post's, so a redelivered event adds no second job
 * while the first waits or runs, and a repeat run adds nothing (see above).
 */
export function startPostFanOut(ctx: AppContext): () => void {
  ctx.jobs.registerWorker('fanout', (post) =>
    fanOutFrom(
      ctx.db,
      ctx.dialect,
      post,
      (readers) => {
        ctx.events.publish('feedPagesChanged', { readerIds: readers });
        ctx.events.publish('postReachedReaders', { postId: post.postId, authorId: post.authorId, readerIds: readers });
      },
      ctx.config.fanOutPauseMs,
    ),
  );
  // The event is done once the job is stored; if it cannot be (Redis away), the outbox retries it.
  return ctx.events.subscribe('postPublished', (post) => ctx.jobs.enqueue('fanout', post, { jobId: `fanout:${post.postId}` }));
}

/**
 * Puts a published post on its author's friends' timelines beyond the first batch, which the publish
 * wrote itself (service.ts). A person with 5,000 friends would otherwise write 5,000 rows in one
 * statement, holding SQLite's one connection and the event loop (chat, every other request) for as
 * long; here each batch of FAN_OUT_BATCH timelines is a transaction of its own, and the event loop
 * serves others between them.
 *
 * The rest is told by `postPublished`, recorded in the outbox with the post (docs/decisions/outbox.md):
 * a process that dies between batches leaves the event, and whoever delivers it again starts after the
 * first batch; the batches already written add nothing a second time (fanOutBatch skips timelines that
 * hold the post, and counts only what it added). A batch first checks that the post still exists,
 * holding it on PostgreSQL until the batch commits, so a delete waits for the batch and then takes its
 * rows away (service.ts deletes the post before its timeline rows); a deleted post stops the fan-out.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { AppContext } from '../../context';
import { timelineReadModel } from './timeline-read-model';

/** Timelines written per transaction. */
export const FAN_OUT_BATCH = 250;

export function startPostFanOut(ctx: AppContext): () => void {
  return ctx.events.subscribe('postPublished', async ({ postId, authorId, after }) => {
    let next: string | null = after;
    while (next !== null) {
      await nextTurn();
      const from: string = next;
      next = await ctx.db.transaction().execute(async (trx) => {
        let post = trx.selectFrom('posts').select('id').where('id', '=', postId);
        if (ctx.dialect === 'postgres') post = post.forKeyShare();
        if (!(await post.executeTakeFirst())) return null;
        return timelineReadModel(trx).fanOutBatch(postId, authorId, from, FAN_OUT_BATCH);
      });
    }
  });
}

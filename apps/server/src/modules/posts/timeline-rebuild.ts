/**
 * Rebuilds everything the posts feature derives from other rows, from those rows: the home feed's
 * timelines (`feed_items`: one row per post for its author and each of the author's friends, with the
 * reader's own marks on it), their sizes (`feed_sizes`) and the counters on each post (reactions per
 * kind, comments). Only what is wrong is written, and each fix is counted. Normally nothing is: these are
 * kept in the writers' transactions or by the outbox; this is the repair for whatever got past them (a
 * restore from backup, a hand edit, a bug). One transaction, so readers see the state before or after.
 * Run by `npm run rebuild-timelines` (src/maintenance/rebuild-timelines.ts).
 */
import { REACTION_TYPES } from '@plaza/contract';
import { sql } from 'kysely';
import type { Db } from '../../db';
import { commentCountOn } from '../comments';
import { friendPairsQuery, friendsOn } from '../people';
import { reactionCountOn, readerKindsOn } from '../reactions';
import { REACTION_COLUMNS } from './reaction-columns';
import { readerFavoriteOn } from './viewer-marks';

export interface RebuildReport {
  /** Timeline rows that were missing (a post its author or a friend of the author should see). */
  timelineRowsAdded: number;
  /** Timeline rows that should not be there (a post that is gone, or of someone no longer a friend). */
  timelineRowsRemoved: number;
  /** Timeline rows whose reader's marks (reactions, favorite) were wrong. */
  timelineMarksFixed: number;
  /** Readers whose timeline size was wrong or missing. */
  feedSizesFixed: number;
  /** Posts whose reaction or comment counters were wrong. */
  postCountersFixed: number;
}

const changed = (res: { numInsertedOrUpdatedRows?: bigint; numUpdatedRows?: bigint; numDeletedRows?: bigint }) =>
  Number(res.numInsertedOrUpdatedRows ?? res.numUpdatedRows ?? res.numDeletedRows ?? 0);

/** Rebuilds in one transaction, step by step; each step answers how many rows it fixed. */
export async function rebuildTimelines(db: Db): Promise<RebuildReport> {
  return db.transaction().execute(async (trx) => ({
    // Removed before adding, so a row gone stale is not counted as already there.
    timelineRowsRemoved: await removeStrayRows(trx),
    timelineRowsAdded: await addMissingRows(trx),
    timelineMarksFixed: await fixReaderMarks(trx),
    feedSizesFixed: await fixFeedSizes(trx),
    postCountersFixed: await fixPostCounters(trx),
  }));
}

/** Timeline rows of a post that is gone, or of an author who is neither the reader nor a friend. */
async function removeStrayRows(trx: Db): Promise<number> {
  return changed(
    await trx
      .deleteFrom('feed_items')
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('posts as p')
              .select('p.id')
              .whereRef('p.id', '=', 'feed_items.post_id')
              .where((eb) =>
                eb.or([eb('p.author_id', '=', eb.ref('feed_items.owner_id')), friendsOn('p.author_id', 'feed_items.owner_id')]),
              ),
          ),
        ),
      )
      .executeTakeFirst(),
  );
}

/** Every post on its author's timeline and on each friend's, with the reader's marks. */
async function addMissingRows(trx: Db): Promise<number> {
  const shouldHold = trx
    .selectFrom('posts as p')
    .select(['p.author_id as owner_id', 'p.id as post_id'])
    .unionAll(
      trx
        .selectFrom('posts as p')
        .innerJoin(friendPairsQuery(trx).as('fp'), 'fp.user_id', 'p.author_id')
        .select(['fp.friend_id as owner_id', 'p.id as post_id']),
    )
    .as('e');
  return changed(
    await trx
      .insertInto('feed_items')
      .columns(['owner_id', 'post_id', 'reader_kinds', 'reader_favorite'])
      .expression(
        trx
          .selectFrom(shouldHold)
          .select([
            'e.owner_id',
            'e.post_id',
            readerKindsOn('e.post_id', 'e.owner_id').as('reader_kinds'),
            readerFavoriteOn('e.post_id', 'e.owner_id').as('reader_favorite'),
          ])
          .where((eb) =>
            eb.not(
              eb.exists(
                eb
                  .selectFrom('feed_items as fi')
                  .select('fi.owner_id')
                  .whereRef('fi.owner_id', '=', 'e.owner_id')
                  .whereRef('fi.post_id', '=', 'e.post_id'),
              ),
            ),
          ),
      )
      .executeTakeFirst(),
  );
}

/** The reader's own reactions and favorite on each timeline row. */
async function fixReaderMarks(trx: Db): Promise<number> {
  const kinds = readerKindsOn('feed_items.post_id', 'feed_items.owner_id');
  const favorite = readerFavoriteOn('feed_items.post_id', 'feed_items.owner_id');
  return changed(
    await trx
      .updateTable('feed_items')
      .set({ reader_kinds: kinds, reader_favorite: favorite })
      .where((eb) => eb.or([eb('reader_kinds', '<>', kinds), eb('reader_favorite', '<>', favorite)]))
      .executeTakeFirst(),
  );
}

/** Each reader's timeline size: its row count, or 0 for a timeline with no rows left. */
async function fixFeedSizes(trx: Db): Promise<number> {
  const counted = await trx
    .insertInto('feed_sizes')
    .columns(['owner_id', 'size'])
    // `where true` settles SQLite's parse of INSERT … SELECT … ON CONFLICT.
    .expression(
      trx
        .selectFrom('feed_items')
        .select(['owner_id', sql<number>`count(*)`.as('size')])
        .where(sql<boolean>`true`)
        .groupBy('owner_id'),
    )
    .onConflict((oc) =>
      oc
        .column('owner_id')
        .doUpdateSet({ size: (eb) => eb.ref('excluded.size') })
        .where('feed_sizes.size', '<>', sql<number>`excluded.size`),
    )
    .executeTakeFirst();
  const emptied = await trx
    .updateTable('feed_sizes')
    .set({ size: 0 })
    .where('size', '<>', 0)
    .where((eb) =>
      eb.not(eb.exists(eb.selectFrom('feed_items as fi').select('fi.owner_id').whereRef('fi.owner_id', '=', 'feed_sizes.owner_id'))),
    )
    .executeTakeFirst();
  return changed(counted) + changed(emptied);
}

/** Each post's counters: reactions per kind and comments. */
async function fixPostCounters(trx: Db): Promise<number> {
  const counters = [
    ...REACTION_TYPES.map((kind) => [REACTION_COLUMNS[kind], reactionCountOn('posts.id', kind)] as const),
    ['comments_count', commentCountOn('posts.id')] as const,
  ];
  return changed(
    await trx
      .updateTable('posts')
      .set(Object.fromEntries(counters))
      .where((eb) => eb.or(counters.map(([column, count]) => eb(column, '<>', count))))
      .executeTakeFirst(),
  );
}

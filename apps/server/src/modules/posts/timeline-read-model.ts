/**
 * READ MODEL: the home feed's timeline. `feed_items` holds one row per reader and post (the author's own
 * and every friend's), `feed_sizes` how many rows each reader has, and each row carries the reader's own
 * marks on the post (reaction kinds as a bit set, favorite). The posts feature keeps it; it is derived
 * from data other features own, read through their public query functions only: friendships from
 * people (`friendIdsQuery`), a reader's reaction kinds from reactions (`viewerKindsOn`).
 *
 * Fan-out on write, decided for reads: a post is copied onto every friend's timeline when it is
 * published, a few hundred timelines per transaction (post-fan-out.ts), and friendships link or unlink a pair's posts when they change, timeline-sync.ts), so a
 * feed page is one range of one reader's rows (feed-page-repo.ts) instead of a merge over every friend's
 * posts at read time. The price is paid on writes, bounded by a person's number of friends, and
 * feeds are read far more often than posts are written. Everything here runs inside the caller's
 * transaction, so the timeline never disagrees with the post, friendship or mark that changed it
 * (a post's friends beyond the first batch get it moments after it is stored).
 */
import { REACTION_TYPES, type ReactionType } from '@plaza/contract';
import { PostgresAdapter, sql, type OnConflictBuilder } from 'kysely';
import type { Database } from '../../db/types';
import type { Db } from '../../db';
import { friendIdsQuery } from '../people';
import { viewerKindsOn } from '../reactions';
import { viewerFavoriteOn } from './viewer-marks';

// Long: a repository; each method is one short query.
export function timelineReadModel(db: Db) {
  const friendsOf = (userId: string) => friendIdsQuery(db, userId);
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;

  /**
   * Takes the size rows of these readers in one order, ascending id, for the rest of the transaction (on
   * PostgreSQL; SQLite runs one write transaction at a time). Two friends publishing at once each move
   * both their sizes; taken in the order each came to them (the author's first), each waited for the
   * other's and PostgreSQL ended one of them as a deadlock. Rows not there yet are made, at size 0.
   */
  const lockSizes = async (ownerIds: string[]) => {
    if (!postgres || ownerIds.length === 0) return;
    const ids = [...new Set(ownerIds)].sort();
    await db
      .insertInto('feed_sizes')
      .values(ids.map((id) => ({ owner_id: id, size: 0 })))
      .onConflict((oc) => oc.column('owner_id').doUpdateSet({ size: sql<number>`feed_sizes.size` }))
      .execute();
  };

  /** The next `limit` friends of the author in id order after `after`. */
  const friendBatch = async (authorId: string, after: string | null, limit: number) =>
    (
      await db
        .selectFrom(friendsOf(authorId).as('f'))
        .select('f.friend_id')
        .where('f.friend_id', '>', after ?? '')
        .orderBy('f.friend_id')
        .limit(limit)
        .execute()
    ).map((b) => b.friend_id);

  /** Moves one reader's size by `delta`. */
  const resize = (ownerId: string, delta: number) =>
    db
      .insertInto('feed_sizes')
      .values({ owner_id: ownerId, size: delta })
      .onConflict((oc) => oc.column('owner_id').doUpdateSet({ size: sql<number>`feed_sizes.size + ${delta}` }))
      .execute();

  return {
    /** Puts a new post on its author's own timeline. */
    async addOwn(postId: string, authorId: string): Promise<void> {
      await db.insertInto('feed_items').values({ owner_id: authorId, post_id: postId }).execute();
      await resize(authorId, 1);
    },

    /**
     * Puts a post on the timelines of the next `limit` friends of its author, in id order after `after`
     * (null: from the first), skipping timelines that hold it already, each counted in `feed_sizes` only
     * when its row was actually added. Answers the batch's friends (`readers`: their kept feed pages drop
     * once the batch commits) and `next`, the last friend's id when there may be more, else null.
     * A publish runs the first batch in its own transaction and the rest in batches of their own
     * (post-fan-out.ts); running a batch again changes nothing. `readers`: the batch, when the caller read it already.
     */
    async fanOutBatch(
      postId: string,
      authorId: string,
      after: string | null,
      limit: number,
      readers?: string[],
    ): Promise<{ next: string | null; readers: string[] }> {
      const range = (from: string) => db.selectFrom(friendsOf(authorId).as('f')).select('f.friend_id').where('f.friend_id', '>', from);
      // The batch is a range of friend ids; the writes below use the range, not the list.
      readers ??= await friendBatch(authorId, after, limit);
      const last = readers.at(-1);
      if (last === undefined) return { next: null, readers };
      await lockSizes(readers);
      const friends = () =>
        db
          .selectFrom(range(after ?? '').as('f'))
          .select(['f.friend_id', sql<string>`cast(${postId} as text)`.as('post_id')])
          .where('f.friend_id', '<=', last);
      const rows = db
        .insertInto('feed_items')
        .columns(['owner_id', 'post_id'])
        .expression(friends())
        .onConflict((oc) => oc.columns(['owner_id', 'post_id']).doNothing());
      const bump = (oc: OnConflictBuilder<Database, 'feed_sizes'>) =>
        oc.column('owner_id').doUpdateSet({ size: sql<number>`feed_sizes.size + 1` });
      if (postgres) {
        // One statement: the sizes move by exactly the rows added, whatever another transaction added meanwhile.
        await db
          .with('added', () => rows.returning('owner_id'))
          .insertInto('feed_sizes')
          .columns(['owner_id', 'size'])
          .expression((eb) => eb.selectFrom('added').select(['added.owner_id', sql<number>`1`.as('size')]))
          .onConflict(bump)
          .execute();
      } else {
        // SQLite runs one write transaction at a time: the rows missing now are the rows the insert adds.
        await db
          .insertInto('feed_sizes')
          .columns(['owner_id', 'size'])
          .expression(
            friends()
              .clearSelect()
              .select(['f.friend_id', sql<number>`1`.as('size')])
              .where((eb) =>
                eb.not(
                  eb.exists(
                    eb
                      .selectFrom('feed_items as i')
                      .select('i.post_id')
                      .whereRef('i.owner_id', '=', 'f.friend_id')
                      .where('i.post_id', '=', postId),
                  ),
                ),
              ),
          )
          .onConflict(bump)
          .execute();
        await rows.execute();
      }
      return { next: readers.length < limit ? null : last, readers };
    },

    /**
     * A new post on its author's timeline and on the first `limit` friends' (fanOutBatch), every size row
     * taken first in one order (lockSizes).
     */
    async publish(postId: string, authorId: string, limit: number): Promise<{ next: string | null; readers: string[] }> {
      const readers = await friendBatch(authorId, null, limit);
      await lockSizes([authorId, ...readers]);
      await this.addOwn(postId, authorId);
      return this.fanOutBatch(postId, authorId, null, limit, readers);
    },

    /** Takes a post off every timeline holding it (its author's and the friends'); answers whose timelines it left. */
    async withdraw(postId: string, authorId: string): Promise<string[]> {
      const removed = await db
        .deleteFrom('feed_items')
        .where('post_id', '=', postId)
        .where((eb) => eb.or([eb('owner_id', '=', authorId), eb('owner_id', 'in', friendsOf(authorId))]))
        .returning('owner_id')
        .execute();
      const owners = removed.map((r) => r.owner_id);
      if (owners.length === 0) return owners;
      await lockSizes(owners);
      await db
        .updateTable('feed_sizes')
        .set({ size: sql<number>`size - 1` })
        .where('owner_id', 'in', owners)
        .execute();
      return owners;
    },

    /**
     * Two people became friends: each one's posts join the other's timeline, with the marks the reader
     * may already have left on them (posts are open to everyone signed in).
     */
    async link(a: string, b: string): Promise<void> {
      await lockSizes([a, b]);
      for (const [reader, author] of [
        [a, b],
        [b, a],
      ]) {
        const res = await db
          .insertInto('feed_items')
          .columns(['owner_id', 'post_id', 'reader_kinds', 'reader_favorite'])
          .expression(
            db
              .selectFrom('posts as p')
              .select([
                sql<string>`cast(${reader} as text)`.as('owner_id'),
                'p.id',
                viewerKindsOn('p.id', reader).as('reader_kinds'),
                viewerFavoriteOn('p.id', reader).as('reader_favorite'),
              ])
              .where('p.author_id', '=', author),
          )
          .onConflict((oc) => oc.columns(['owner_id', 'post_id']).doNothing())
          .executeTakeFirst();
        const added = Number(res.numInsertedOrUpdatedRows ?? 0);
        if (added > 0) await resize(reader, added);
      }
    },

    /**
     * Sets or clears one kind's bit on the reader's timeline row of a post (if the post is on it). A bit
     * operation on the row itself, so two kinds toggled at once both land.
     */
    async markReaction(readerId: string, postId: string, kind: ReactionType, held: boolean): Promise<void> {
      const bit = sql.lit(1 << REACTION_TYPES.indexOf(kind));
      await db
        .updateTable('feed_items')
        .set({ reader_kinds: held ? sql<number>`reader_kinds | ${bit}` : sql<number>`reader_kinds & ~${bit}` })
        .where('owner_id', '=', readerId)
        .where('post_id', '=', postId)
        .execute();
    },

    /** Sets the reader's favorite mark on their timeline row of a post (if the post is on it). */
    async markFavorite(readerId: string, postId: string, favorite: boolean): Promise<void> {
      await db
        .updateTable('feed_items')
        .set({ reader_favorite: favorite ? 1 : 0 })
        .where('owner_id', '=', readerId)
        .where('post_id', '=', postId)
        .execute();
    },

    /** Two people are no longer friends: each one's posts leave the other's timeline. */
    async unlink(a: string, b: string): Promise<void> {
      await lockSizes([a, b]);
      for (const [reader, author] of [
        [a, b],
        [b, a],
      ]) {
        const res = await db
          .deleteFrom('feed_items')
          .where('owner_id', '=', reader)
          .where('post_id', 'in', db.selectFrom('posts').select('id').where('author_id', '=', author))
          .executeTakeFirst();
        const removed = Number(res.numDeletedRows);
        if (removed > 0) await resize(reader, -removed);
      }
    },
  };
}

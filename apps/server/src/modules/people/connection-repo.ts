/** SQL for connections: one row per pair of users, `pending` (a friend request) or `accepted` (friends). */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';
import type { ConnectionsTable } from '../../db/tables/people';
import { friendIdsQuery, pairOf, type Pair } from './friendships';

export type ConnectionRow = ConnectionsTable;
/** The database or a transaction: every method works in either. */
type Conn = Kysely<Database>;

/** The pair's row while it is the request `requesterId` sent and nobody has answered it yet. */
const pendingFrom = (pair: Pair, requesterId: string) => ({ ...pair, status: 'pending' as const, requester_id: requesterId });

export function connectionRepo(db: Conn) {
  return {
    find(a: string, b: string) {
      const p = pairOf(a, b);
      return db
        .selectFrom('connections')
        .selectAll()
        .where('user_low', '=', p.user_low)
        .where('user_high', '=', p.user_high)
        .executeTakeFirst();
    },

    /** The viewer's connections with each of `others`, in one query. */
    findBetween(viewerId: string, others: readonly string[]) {
      if (others.length === 0) return Promise.resolve([] as ConnectionRow[]);
      return db
        .selectFrom('connections')
        .selectAll()
        .where((eb) =>
          eb.or([
            eb.and([eb('user_low', '=', viewerId), eb('user_high', 'in', others)]),
            eb.and([eb('user_high', '=', viewerId), eb('user_low', 'in', others)]),
          ]),
        )
        .execute();
    },

    /** Inserts a pending request unless the pair already has a row; true when this call inserted it. */
    async insertPending(row: ConnectionRow): Promise<boolean> {
      const res = await db
        .insertInto('connections')
        .values(row)
        .onConflict((oc) => oc.columns(['user_low', 'user_high']).doNothing())
        .executeTakeFirst();
      return Number(res.numInsertedOrUpdatedRows ?? 0) === 1;
    },

    /** Turns the pending request `requesterId` sent into a friendship; false when there is no such request. */
    async acceptPending(pair: Pair, requesterId: string, at: string): Promise<boolean> {
      const res = await db
        .updateTable('connections')
        .set({ status: 'accepted', updated_at: at })
        .where((eb) => eb.and(pendingFrom(pair, requesterId)))
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    async deletePending(pair: Pair, requesterId: string): Promise<boolean> {
      const res = await db
        .deleteFrom('connections')
        .where((eb) => eb.and(pendingFrom(pair, requesterId)))
        .executeTakeFirst();
      return Number(res.numDeletedRows) === 1;
    },

    async deleteAccepted(pair: Pair): Promise<boolean> {
      const res = await db
        .deleteFrom('connections')
        .where((eb) => eb.and({ ...pair, status: 'accepted' }))
        .executeTakeFirst();
      return Number(res.numDeletedRows) === 1;
    },

    async countFriends(userId: string): Promise<number> {
      const row = await db
        .selectFrom(friendIdsQuery(db, userId).as('f'))
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async countMutualFriends(a: string, b: string): Promise<number> {
      const row = await db
        .selectFrom(friendIdsQuery(db, a).as('f'))
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('f.friend_id', 'in', friendIdsQuery(db, b))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Bulk insert for the seed; pairs that already have a row are left alone. */
    async insertMany(rows: ConnectionRow[]): Promise<void> {
      if (rows.length === 0) return;
      await db
        .insertInto('connections')
        .values(rows)
        .onConflict((oc) => oc.columns(['user_low', 'user_high']).doNothing())
        .execute();
    },
  };
}
export type ConnectionRepo = ReturnType<typeof connectionRepo>;

/**
 * Friendship questions as query functions, for this feature and for the features that show things to
 * friends (the feed's timeline, stories, chat presence). Each takes the database or a transaction and
 * either answers or returns a piece of SQL to compose, so only this feature names `connections`.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../db/types';

/** The database or a transaction: every function works in either. */
type Conn = Kysely<Database>;

export interface Pair {
  user_low: string;
  user_high: string;
}

/** The unique key of two users' connection: their ids sorted. */
export const pairOf = (a: string, b: string): Pair => (a < b ? { user_low: a, user_high: b } : { user_low: b, user_high: a });

/** The ids of a user's friends as a subquery (`friend_id`), for `where(col, 'in', friendIdsQuery(db, id))`. */
export function friendIdsQuery(db: Conn, userId: string) {
  // Two halves instead of an OR, so each uses its (user_*, status) index.
  return db
    .selectFrom('connections')
    .select('user_high as friend_id')
    .where('user_low', '=', userId)
    .where('status', '=', 'accepted')
    .unionAll(
      db.selectFrom('connections').select('user_low as friend_id').where('user_high', '=', userId).where('status', '=', 'accepted'),
    );
}

/**
 * The ids of the friends of a user's friends as a subquery (`fof_id`; it may include the user and their
 * friends, whom callers exclude anyway).
 */
export function friendsOfFriendsQuery(db: Conn, userId: string) {
  const friends = friendIdsQuery(db, userId);
  return db
    .selectFrom('connections')
    .select('user_high as fof_id')
    .where('user_low', 'in', friends)
    .where('status', '=', 'accepted')
    .unionAll(db.selectFrom('connections').select('user_low as fof_id').where('user_high', 'in', friends).where('status', '=', 'accepted'));
}

/** The ids of everyone a user has any connection with (friends and pending requests either way), as a subquery. */
export function connectedIdsQuery(db: Conn, userId: string) {
  return db
    .selectFrom('connections')
    .select('user_high as other_id')
    .where('user_low', '=', userId)
    .unionAll(db.selectFrom('connections').select('user_low as other_id').where('user_high', '=', userId));
}

/** Whether two users are friends: one read of the pair's unique key. */
export async function areFriends(db: Conn, a: string, b: string): Promise<boolean> {
  const pair = pairOf(a, b);
  const row = await db
    .selectFrom('connections')
    .select('id')
    .where('user_low', '=', pair.user_low)
    .where('user_high', '=', pair.user_high)
    .where('status', '=', 'accepted')
    .executeTakeFirst();
  return row !== undefined;
}

/** A condition for another feature's query: the person whose id is in `column` is `userId`'s friend (one key lookup). */
export function isFriendOf(db: Conn, column: string, userId: string): RawBuilder<boolean> {
  const other = sql.ref<string>(column);
  const pair = db
    .selectFrom('connections')
    .select('id')
    .where('status', '=', 'accepted')
    .where((eb) =>
      eb.or([
        eb.and([eb('user_low', '=', other), eb('user_high', '=', userId)]),
        eb.and([eb('user_low', '=', userId), eb('user_high', '=', other)]),
      ]),
    );
  return sql<boolean>`exists ${pair}`;
}

export async function friendIdsOf(db: Conn, userId: string): Promise<string[]> {
  const rows = await friendIdsQuery(db, userId).execute();
  return rows.map((r) => r.friend_id);
}

/** Every friendship touching one of `userIds`, as its sorted pair. */
export function friendshipsAmong(db: Conn, userIds: readonly string[]): Promise<Pair[]> {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('connections')
    .select(['user_low', 'user_high'])
    .where('status', '=', 'accepted')
    .where((eb) => eb.or([eb('user_low', 'in', userIds), eb('user_high', 'in', userIds)]))
    .execute();
}

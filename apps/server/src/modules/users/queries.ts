/**
 * Pieces of SQL about people that other features compose into their own queries (a feed page joins its
 * posts' authors, a story lists its viewers), so that only this feature names the `users` table.
 */
import type { Db } from '../../db';

/** What anyone signed in may see of a person: the columns of a PublicUser. */
export const PUBLIC_USER_COLUMNS = [
  'id',
  'user_name',
  'full_name',
  'avatar_url',
  'user_bio',
  'created_at',
  'remote_host',
  'profile_url',
] as const;

/**
 * Everyone's public columns as a derived table, to join: `innerJoin(publicUsers(db).as('u'), 'u.id', …)`.
 * Both planners fold it into the outer query, so the join still reads `users` by its primary key. The
 * placeholders of deleted accounts are not in it.
 */
export function publicUsers(db: Db) {
  return db.selectFrom('users').select(PUBLIC_USER_COLUMNS).where('deleted_at', 'is', null);
}

/** One person's lower-cased user name, as a scalar subquery (null when there is no such person). */
export function userNameLowerOf(db: Db, userId: string) {
  return db.selectFrom('users').select('user_name_lower').where('id', '=', userId);
}

/**
 * The ids of everyone suspended at `now`, as a subquery: the moderation feature suspends, and every list
 * leaves them out (through the safety feature's `hiddenPeopleQuery`).
 */
export function suspendedIdsQuery(db: Db, now: string) {
  return db.selectFrom('users').select('id').where('suspended_until', '>', now);
}

/** When the soonest of the suspensions running at `now` ends (null: none runs), as a query to run. */
export function soonestSuspensionEndQuery(db: Db, now: string) {
  return db
    .selectFrom('users')
    .select((eb) => eb.fn.min('suspended_until').as('ends'))
    .where('suspended_until', '>', now);
}

/** When each of the people's suspensions ends (null: not suspended), as a query to run or prepare. */
export function suspensionsQuery(db: Db, ids: readonly string[]) {
  return db.selectFrom('users').select(['id', 'suspended_until']).where('id', 'in', ids);
}

/** The ids of the moderators and admins, as a subquery. */
export function staffIdsQuery(db: Db) {
  return db.selectFrom('users').select('id').where('role', 'in', ['moderator', 'admin']).where('deleted_at', 'is', null);
}

/**
 * The safety rules as query functions, one per rule, for every feature that shows people or lets them
 * act on each other. Each takes the database or a transaction and either answers or returns a piece of
 * SQL to compose (a subquery of ids to leave out), so only this feature names `blocks` and `mutes`.
 *
 * - Blocked either way, or suspended: hidden from lists (`hiddenPeopleQuery`), their profile and content
 *   are 404 (`isHiddenFrom`), and acting on them is 403 (`assertCanInteract`).
 * - Muted: only the muter's feed and stories leave them out (`feedHiddenPeopleQuery`).
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../db/types';
import { ForbiddenError, sentence } from '../../lib/errors';
import { suspendedIdsQuery } from '../users';

/** The database or a transaction: every function works in either. */
type Conn = Kysely<Database>;

/** The people `viewerId` must not see at `now`, as a subquery of `id`: blocked by them, blocking them, or suspended. */
export function hiddenPeopleQuery(db: Conn, viewerId: string, now: string) {
  // Three halves instead of an OR, so each reads its own index.
  return db
    .selectFrom('blocks')
    .select('blocked_id as id')
    .where('blocker_id', '=', viewerId)
    .unionAll(db.selectFrom('blocks').select('blocker_id as id').where('blocked_id', '=', viewerId))
    .unionAll(suspendedIdsQuery(db, now));
}

/** What leaves `viewerId`'s feed and stories: the hidden people and the ones they muted. */
export function feedHiddenPeopleQuery(db: Conn, viewerId: string, now: string) {
  return hiddenPeopleQuery(db, viewerId, now).unionAll(db.selectFrom('mutes').select('muted_id as id').where('muter_id', '=', viewerId));
}

/** A condition for another feature's query: the person whose id is in `column` is not hidden from `viewerId`. */
export function notHidden(db: Conn, column: string, viewerId: string, now: string): RawBuilder<boolean> {
  return sql<boolean>`${sql.ref(column)} not in ${hiddenPeopleQuery(db, viewerId, now)}`;
}

/** The same for the viewer's feed and stories, where muted people are left out too. */
export function notFeedHidden(db: Conn, column: string, viewerId: string, now: string): RawBuilder<boolean> {
  return sql<boolean>`${sql.ref(column)} not in ${feedHiddenPeopleQuery(db, viewerId, now)}`;
}

/** Whether `blockerId` blocks `blockedId` (one way). */
export async function isBlocking(db: Conn, blockerId: string, blockedId: string): Promise<boolean> {
  const row = await db
    .selectFrom('blocks')
    .select('blocker_id')
    .where('blocker_id', '=', blockerId)
    .where('blocked_id', '=', blockedId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether `viewerId` blocked anyone or is blocked by anyone: without, only suspensions hide people from them. */
export async function hasBlocksEitherWay(db: Conn, viewerId: string): Promise<boolean> {
  const row = await db
    .selectFrom('blocks')
    .select('blocker_id')
    .where('blocker_id', '=', viewerId)
    .unionAll(db.selectFrom('blocks').select('blocker_id').where('blocked_id', '=', viewerId))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * `canInteract` as a condition of another feature's query, for a path that may cost one query only (a
 * story's file): no block either way between `viewerId` and the person in `column`, neither suspended.
 */
export function mayInteractWith(db: Conn, column: string, viewerId: string, now: string): RawBuilder<boolean> {
  const other = sql.ref<string>(column);
  const blocks = db
    .selectFrom('blocks')
    .select('blocker_id')
    .where((eb) =>
      eb.or([
        eb.and([eb('blocker_id', '=', viewerId), eb('blocked_id', '=', other)]),
        eb.and([eb('blocker_id', '=', other), eb('blocked_id', '=', viewerId)]),
      ]),
    );
  const suspended = suspendedIdsQuery(db, now).where((eb) => eb.or([eb('id', '=', viewerId), eb('id', '=', other)]));
  return sql<boolean>`not exists ${blocks} and not exists ${suspended}`;
}

/** Whether either of the two blocked the other. */
export async function isBlockedBetween(db: Conn, a: string, b: string): Promise<boolean> {
  const row = await db
    .selectFrom('blocks')
    .select('blocker_id')
    .where((eb) =>
      eb.or([eb.and([eb('blocker_id', '=', a), eb('blocked_id', '=', b)]), eb.and([eb('blocker_id', '=', b), eb('blocked_id', '=', a)])]),
    )
    .executeTakeFirst();
  return row !== undefined;
}

/** Every block touching one of `userIds`, either way, as its two people. */
export function blocksAmong(db: Conn, userIds: readonly string[]): Promise<Array<{ blocker_id: string; blocked_id: string }>> {
  if (userIds.length === 0) return Promise.resolve([]);
  // Two halves instead of an OR, so each reads its own index.
  return db
    .selectFrom('blocks')
    .select(['blocker_id', 'blocked_id'])
    .where('blocker_id', 'in', userIds)
    .unionAll(db.selectFrom('blocks').select(['blocker_id', 'blocked_id']).where('blocked_id', 'in', userIds))
    .execute();
}

/** Whether the two may reach each other (requests, messages, comments, reactions): no block either way, nobody suspended. */
export async function canInteract(db: Conn, a: string, b: string, now: string): Promise<boolean> {
  if (a === b) return true;
  const [blocked, suspended] = await Promise.all([
    isBlockedBetween(db, a, b),
    suspendedIdsQuery(db, now)
      .where('id', 'in', [a, b])
      .executeTakeFirst()
      .then((row) => row !== undefined),
  ]);
  return !blocked && !suspended;
}

/** 403 when the two may not interact; the message does not say who blocked whom. */
export async function assertCanInteract(db: Conn, actorId: string, otherId: string, now: string): Promise<void> {
  if (!(await canInteract(db, actorId, otherId, now))) throw new ForbiddenError(sentence('error.safety.cannotInteract'));
}

/** Whether `ownerId`'s profile and content are hidden from `viewerId` (the caller answers 404, as for something missing). */
export async function isHiddenFrom(db: Conn, viewerId: string, ownerId: string, now: string): Promise<boolean> {
  return !(await canInteract(db, viewerId, ownerId, now));
}

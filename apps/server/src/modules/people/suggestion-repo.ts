/** SQL for suggested users: friends of friends ranked by mutual friends, then everyone else newest first. */
import type { Db } from '../../db';
import { nowIso } from '../../lib/ids';
import { notHidden } from '../safety';
import { publicUsers } from '../users';
import { connectedIdsQuery, friendIdsQuery } from './friendships';

export function suggestionRepo(db: Db) {
  /** Everyone the user could still send a request to: not themselves, not a friend, no pending request either way. */
  const eligibleUsers = (userId: string) =>
    db
      .selectFrom(publicUsers(db).as('u'))
      .where('u.id', '!=', userId)
      // People of other servers are found by their handle, never suggested.
      .where('u.remote_host', 'is', null)
      .where('u.id', 'not in', connectedIdsQuery(db, userId))
      .where(notHidden(db, 'u.id', userId, nowIso()));

  return {
    /** Eligible friends of friends with their mutual-friend count, most mutual friends first, then newest. */
    friendsOfFriends(userId: string, max: number) {
      // Every friendship edge touching one of the user's friends names a candidate once per mutual friend.
      const edges = db
        .selectFrom('connections')
        .select('user_high as candidate')
        .where('status', '=', 'accepted')
        .where('user_low', 'in', friendIdsQuery(db, userId))
        .unionAll(
          db
            .selectFrom('connections')
            .select('user_low as candidate')
            .where('status', '=', 'accepted')
            .where('user_high', 'in', friendIdsQuery(db, userId)),
        );
      return eligibleUsers(userId)
        .innerJoin(edges.as('e'), 'e.candidate', 'u.id')
        .select(['u.id', (eb) => eb.fn.countAll<number>().as('mutual')])
        .groupBy(['u.id', 'u.created_at'])
        .orderBy('mutual', 'desc')
        .orderBy('u.created_at', 'desc')
        .orderBy('u.id', 'desc')
        .limit(max)
        .execute();
    },

    async countEligible(userId: string): Promise<number> {
      const row = await eligibleUsers(userId)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Eligible users other than `excludeIds`, newest first. */
    recentUsers(userId: string, excludeIds: readonly string[], offset: number, limit: number) {
      let q = eligibleUsers(userId).selectAll('u');
      if (excludeIds.length) q = q.where('u.id', 'not in', excludeIds);
      return q.orderBy('u.created_at', 'desc').orderBy('u.id', 'desc').offset(offset).limit(limit).execute();
    },
  };
}

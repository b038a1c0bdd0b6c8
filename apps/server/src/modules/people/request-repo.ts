/** SQL for the lists of pending friend requests a person received or sent, with the other person's public columns. */
import type { FriendRequestDirection } from '@plaza/contract';
import type { Db } from '../../db';
import { notHidden } from '../safety';
import { PUBLIC_USER_COLUMNS, publicUsers, type PublicUserColumns } from '../users';

export type RequestRow = PublicUserColumns & { requested_at: string };

export function requestRepo(db: Db) {
  /** The pending requests touching `me` in one direction, joined to the other person (nobody hidden from `me`). */
  const pending = (me: string, direction: FriendRequestDirection, now: string) => {
    const base = db
      .selectFrom('connections as c')
      .where((eb) => eb.or([eb('c.user_low', '=', me), eb('c.user_high', '=', me)]))
      .where('c.status', '=', 'pending');
    const withOther =
      direction === 'received'
        ? base.innerJoin(publicUsers(db).as('u'), 'u.id', 'c.requester_id').where('c.requester_id', '!=', me)
        : base
            .innerJoin(publicUsers(db).as('u'), (join) =>
              join.on((eb) =>
                eb.or([
                  eb.and([eb('c.user_low', '=', me), eb('u.id', '=', eb.ref('c.user_high'))]),
                  eb.and([eb('c.user_high', '=', me), eb('u.id', '=', eb.ref('c.user_low'))]),
                ]),
              ),
            )
            .where('c.requester_id', '=', me);
    return withOther.where(notHidden(db, 'u.id', me, now));
  };

  return {
    /** Newest request first. */
    page(me: string, direction: FriendRequestDirection, limit: number, offset: number, now: string): Promise<RequestRow[]> {
      return pending(me, direction, now)
        .select([...PUBLIC_USER_COLUMNS.map((c) => `u.${c}` as const), 'c.created_at as requested_at'])
        .orderBy('c.created_at', 'desc')
        .orderBy('c.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute();
    },

    async count(me: string, direction: FriendRequestDirection, now: string): Promise<number> {
      const row = await pending(me, direction, now)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}

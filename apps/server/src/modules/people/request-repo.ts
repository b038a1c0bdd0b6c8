/** SQL for the lists of pending friend requests a person received or sent, with the other person's public columns. */
import type { FriendRequestDirection } from '@plaza/contract';
import type { Db } from '../../db';
import { publicUsers, type PublicUserColumns } from '../users';

export type RequestRow = PublicUserColumns & { requested_at: string };

export function requestRepo(db: Db) {
  /** The pending requests touching `me` in one direction, joined to the other person. */
  const pending = (me: string, direction: FriendRequestDirection) => {
    const base = db
      .selectFrom('connections as c')
      .where((eb) => eb.or([eb('c.user_low', '=', me), eb('c.user_high', '=', me)]))
      .where('c.status', '=', 'pending');
    return direction === 'received'
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
  };

  return {
    /** Newest request first. */
    page(me: string, direction: FriendRequestDirection, limit: number, offset: number): Promise<RequestRow[]> {
      return pending(me, direction)
        .select(['u.id', 'u.user_name', 'u.full_name', 'u.avatar_url', 'u.user_bio', 'u.created_at', 'c.created_at as requested_at'])
        .orderBy('c.created_at', 'desc')
        .orderBy('c.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute();
    },

    async count(me: string, direction: FriendRequestDirection): Promise<number> {
      const row = await pending(me, direction)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}

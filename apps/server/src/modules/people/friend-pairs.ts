/** Every friendship at once, as SQL: for the checks that look at all timelines together (the timeline rebuild). */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../db/types';

/** Every friendship in both directions (`user_id`, `friend_id`), as a subquery. */
export function friendPairsQuery(db: Kysely<Database>) {
  return db
    .selectFrom('connections')
    .select(['user_low as user_id', 'user_high as friend_id'])
    .where('status', '=', 'accepted')
    .unionAll(db.selectFrom('connections').select(['user_high as user_id', 'user_low as friend_id']).where('status', '=', 'accepted'));
}

/** Whether the users in two column references are friends: one probe of the pair's unique key. */
export const friendsOn = (aRef: string, bRef: string): RawBuilder<boolean> => {
  const [a, b] = [sql.ref(aRef), sql.ref(bRef)];
  return sql<boolean>`exists (select 1 from connections c where c.status = 'accepted'
    and c.user_low = (case when ${a} < ${b} then ${a} else ${b} end)
    and c.user_high = (case when ${a} < ${b} then ${b} else ${a} end))`;
};

/** SQL of the list of sessions: an account's live ones, newest activity first. */
import type { Db } from '../../../db';

export function sessionListRepo(db: Db) {
  return {
    /** Sessions not revoked and active after `activeAfter` (older ones' refresh tokens have expired). */
    live(userId: string, activeAfter: string) {
      return db
        .selectFrom('sessions')
        .select(['id', 'user_agent', 'address', 'created_at', 'last_active_at'])
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .where((eb) => eb(eb.fn.coalesce('last_active_at', 'created_at'), '>', activeAfter))
        .orderBy((eb) => eb.fn.coalesce('last_active_at', 'created_at'), 'desc')
        .execute();
    },
  };
}

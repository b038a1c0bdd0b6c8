/** SQL for sessions and refresh tokens. */
import type { Db } from '../../db';
import type { RefreshTokensTable } from '../../db/tables/auth';

export function sessionRepo(db: Db) {
  return {
    createSession(row: { id: string; user_id: string; created_at: string; user_agent: string | null; address: string | null }) {
      return db
        .insertInto('sessions')
        .values({ ...row, revoked_at: null, last_active_at: row.created_at })
        .execute();
    },
    /**
     * Whether this user agent and address pair is new for the user: never seen on any of their sessions,
     * ended ones included. A first session, or sessions all older than the address column, know no devices.
     */
    async isNewDevice(userId: string, userAgent: string | null, address: string | null): Promise<boolean> {
      const mine = db.selectFrom('sessions').select('id').where('user_id', '=', userId).where('address', 'is not', null);
      if (!(await mine.limit(1).executeTakeFirst())) return false;
      let same = mine.where('address', '=', address ?? '');
      same = userAgent === null ? same.where('user_agent', 'is', null) : same.where('user_agent', '=', userAgent);
      return (await same.limit(1).executeTakeFirst()) === undefined;
    },
    /** A refresh: the session was active now (the list of sessions shows it). */
    touch(id: string, at: string) {
      return db.updateTable('sessions').set({ last_active_at: at }).where('id', '=', id).execute();
    },
    findSession(id: string) {
      return db.selectFrom('sessions').select(['id', 'user_id', 'revoked_at']).where('id', '=', id).executeTakeFirst();
    },
    revokeSession(id: string, at: string) {
      return db.updateTable('sessions').set({ revoked_at: at }).where('id', '=', id).where('revoked_at', 'is', null).execute();
    },
    /** Revokes every live session of the user, but `keepSessionId` when given. */
    revokeUserSessions(userId: string, at: string, keepSessionId?: string) {
      let q = db.updateTable('sessions').set({ revoked_at: at }).where('user_id', '=', userId).where('revoked_at', 'is', null);
      if (keepSessionId) q = q.where('id', '!=', keepSessionId);
      return q.execute();
    },
    insertRefreshToken(row: Omit<RefreshTokensTable, 'used_at'>) {
      return db
        .insertInto('refresh_tokens')
        .values({ ...row, used_at: null })
        .execute();
    },
    findRefreshToken(tokenHash: string) {
      return db
        .selectFrom('refresh_tokens')
        .innerJoin('sessions', 'sessions.id', 'refresh_tokens.session_id')
        .select([
          'refresh_tokens.id',
          'refresh_tokens.session_id',
          'refresh_tokens.expires_at',
          'refresh_tokens.used_at',
          'sessions.user_id',
          'sessions.revoked_at',
        ])
        .where('refresh_tokens.token_hash', '=', tokenHash)
        .executeTakeFirst();
    },
    /** Marks a token used; false when another request used it first (so only one rotation wins). */
    async markUsed(id: string, at: string): Promise<boolean> {
      const res = await db
        .updateTable('refresh_tokens')
        .set({ used_at: at })
        .where('id', '=', id)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },
  };
}

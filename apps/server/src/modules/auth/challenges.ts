/**
 * Sign-in challenges: the step between a password and its two-factor code, and the random value of a
 * passkey ceremony. Kept in the database so any server of a cluster can take the answer; each one is
 * spent by the first answer that deletes it, and expires after SIGN_IN_CHALLENGE_TTL_SECONDS.
 */
import { SIGN_IN_CHALLENGE_TTL_SECONDS } from '@plaza/contract';
import type { Db } from '../../db';
import type { SignInChallengesTable } from '../../db/tables/auth';
import { nowIso } from '../../lib/ids';

type Purpose = SignInChallengesTable['purpose'];

export function challengeRepo(db: Db) {
  return {
    async create(id: string, purpose: Purpose, userId: string | null): Promise<void> {
      const expiresAt = new Date(Date.now() + SIGN_IN_CHALLENGE_TTL_SECONDS * 1000).toISOString();
      // Expired ones go as new ones come, so the table holds only what may still be answered.
      await db.deleteFrom('sign_in_challenges').where('expires_at', '<=', nowIso()).execute();
      await db.insertInto('sign_in_challenges').values({ id, purpose, user_id: userId, expires_at: expiresAt }).execute();
    },
    /** The challenge when it exists for this purpose and has not expired; it stays until spent. */
    find(id: string, purpose: Purpose) {
      return db
        .selectFrom('sign_in_challenges')
        .select(['id', 'user_id'])
        .where('id', '=', id)
        .where('purpose', '=', purpose)
        .where('expires_at', '>', nowIso())
        .executeTakeFirst();
    },
    /** Spends a challenge: true for exactly one caller, false once it was spent or has expired. */
    async spend(id: string, purpose: Purpose): Promise<boolean> {
      const res = await db
        .deleteFrom('sign_in_challenges')
        .where('id', '=', id)
        .where('purpose', '=', purpose)
        .where('expires_at', '>', nowIso())
        .executeTakeFirst();
      return Number(res.numDeletedRows) === 1;
    },
  };
}

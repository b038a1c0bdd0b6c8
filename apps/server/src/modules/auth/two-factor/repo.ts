/** SQL of two-factor sign-in: the sealed secret of each account and its recovery codes. */
import type { Db } from '../../../db';
import { newId } from '../../../lib/ids';

export function twoFactorRepo(db: Db) {
  return {
    find(userId: string) {
      return db.selectFrom('two_factor_secrets').selectAll().where('user_id', '=', userId).executeTakeFirst();
    },
    /** A new secret waiting for its first code; replaces an earlier one not yet enabled. */
    async savePending(userId: string, sealedSecret: string, at: string): Promise<void> {
      await db.deleteFrom('two_factor_secrets').where('user_id', '=', userId).where('enabled_at', 'is', null).execute();
      await db
        .insertInto('two_factor_secrets')
        .values({ user_id: userId, sealed_secret: sealedSecret, created_at: at, enabled_at: null, last_step: 0 })
        .execute();
    },
    /** Takes a code's time step once: false when this step or a later one was already used (a replay). */
    async takeStep(userId: string, step: number): Promise<boolean> {
      const res = await db
        .updateTable('two_factor_secrets')
        .set({ last_step: step })
        .where('user_id', '=', userId)
        .where('last_step', '<', step)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },
    /** Switches it on with fresh recovery codes (the old ones stop working), in one transaction. */
    async enable(userId: string, at: string, codeHashes: string[]): Promise<void> {
      await db.transaction().execute(async (tx) => {
        await tx.updateTable('two_factor_secrets').set({ enabled_at: at }).where('user_id', '=', userId).execute();
        await tx.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
        await tx
          .insertInto('recovery_codes')
          .values(codeHashes.map((code_hash) => ({ id: newId(), user_id: userId, code_hash, used_at: null })))
          .execute();
      });
    },
    async disable(userId: string): Promise<void> {
      await db.transaction().execute(async (tx) => {
        await tx.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
        await tx.deleteFrom('two_factor_secrets').where('user_id', '=', userId).execute();
      });
    },
    /** Spends a recovery code: true once, for the first request that uses it. */
    async spendRecoveryCode(userId: string, codeHash: string, at: string): Promise<boolean> {
      const res = await db
        .updateTable('recovery_codes')
        .set({ used_at: at })
        .where('user_id', '=', userId)
        .where('code_hash', '=', codeHash)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },
    async recoveryCodesLeft(userId: string): Promise<number> {
      const row = await db
        .selectFrom('recovery_codes')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('user_id', '=', userId)
        .where('used_at', 'is', null)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}

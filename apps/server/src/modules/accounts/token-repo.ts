/** SQL for the links mailed to people: stored by the token's hash, spent once. */
import type { Db } from '../../db';
import type { AccountTokenPurpose, AccountTokensTable } from '../../db/tables/accounts';

export function tokenRepo(db: Db) {
  return {
    insert(row: Omit<AccountTokensTable, 'used_at'>) {
      return db
        .insertInto('account_tokens')
        .values({ ...row, used_at: null })
        .execute();
    },
    findByHash(tokenHash: string) {
      return db.selectFrom('account_tokens').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
    },
    /** Marks the token used; false when it was already used (so two clicks at once spend it once). */
    async spend(id: string, at: string): Promise<boolean> {
      const res = await db
        .updateTable('account_tokens')
        .set({ used_at: at })
        .where('id', '=', id)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },
    /** Spends every unused token of this purpose (a newer link, or the one just used, makes the others void). */
    async spendAll(userId: string, purpose: AccountTokenPurpose, at: string): Promise<void> {
      await db
        .updateTable('account_tokens')
        .set({ used_at: at })
        .where('user_id', '=', userId)
        .where('purpose', '=', purpose)
        .where('used_at', 'is', null)
        .execute();
    },
    /** How many links of this purpose were mailed to the person since `since` (the per-address mail limit). */
    async countSince(userId: string, purpose: AccountTokenPurpose, since: string): Promise<number> {
      const row = await db
        .selectFrom('account_tokens')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .where('purpose', '=', purpose)
        .where('created_at', '>', since)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}

/** SQL of passkeys: the WebAuthn credentials an account registered. */
import type { Db } from '../../../db';
import type { PasskeysTable } from '../../../db/tables/auth';

export function passkeyRepo(db: Db) {
  return {
    insert(row: PasskeysTable) {
      return db.insertInto('passkeys').values(row).execute();
    },
    findByCredential(credentialId: string) {
      return db.selectFrom('passkeys').selectAll().where('credential_id', '=', credentialId).executeTakeFirst();
    },
    listOf(userId: string) {
      return db.selectFrom('passkeys').selectAll().where('user_id', '=', userId).orderBy('created_at', 'asc').execute();
    },
    used(id: string, counter: number, at: string) {
      return db.updateTable('passkeys').set({ counter, last_used_at: at }).where('id', '=', id).execute();
    },
    /** Removes one of the user's passkeys; false when there is none of that id for them. */
    async remove(userId: string, id: string): Promise<boolean> {
      const res = await db.deleteFrom('passkeys').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
      return Number(res.numDeletedRows) === 1;
    },
  };
}

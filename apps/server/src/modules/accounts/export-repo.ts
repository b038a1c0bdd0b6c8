/** SQL for data exports: one row per request, pending until its zip is written. */
import type { Db } from '../../db';
import type { DataExportsTable } from '../../db/tables/accounts';

export type ExportRow = DataExportsTable;

export function exportRepo(db: Db) {
  return {
    insert(row: ExportRow) {
      return db.insertInto('data_exports').values(row).execute();
    },
    findById(id: string) {
      return db.selectFrom('data_exports').selectAll().where('id', '=', id).executeTakeFirst();
    },
    latestOf(userId: string) {
      return db
        .selectFrom('data_exports')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .executeTakeFirst();
    },
    allOf(userId: string) {
      return db.selectFrom('data_exports').selectAll().where('user_id', '=', userId).execute();
    },
    finish(id: string, patch: Pick<ExportRow, 'status' | 'file_key' | 'finished_at' | 'expires_at'>) {
      return db.updateTable('data_exports').set(patch).where('id', '=', id).execute();
    },
    /** Ready exports past their expiry, and pending ones no process finished in time (it stopped). */
    stale(now: string, pendingBefore: string) {
      return db
        .selectFrom('data_exports')
        .selectAll()
        .where((eb) =>
          eb.or([
            eb.and([eb('status', '=', 'ready'), eb('expires_at', '<=', now)]),
            eb.and([eb('status', '=', 'pending'), eb('created_at', '<=', pendingBefore)]),
          ]),
        )
        .execute();
    },
    async delete(id: string): Promise<void> {
      await db.deleteFrom('data_exports').where('id', '=', id).execute();
    },
  };
}

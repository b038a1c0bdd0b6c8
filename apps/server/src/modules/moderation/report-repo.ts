/** SQL for reports: written by anyone signed in, read and resolved by moderators. */
import type { Selectable } from 'kysely';
import type { Db } from '../../db';
import type { ReportsTable } from '../../db/tables/moderation';

export type ReportRow = Selectable<ReportsTable>;

export function reportRepo(db: Db) {
  return {
    insert(row: ReportRow) {
      return db.insertInto('reports').values(row).execute();
    },

    findById(id: string) {
      return db.selectFrom('reports').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** Open reports oldest first (a queue); resolved ones latest first. */
    async page(status: ReportRow['status'], offset: number, limit: number) {
      const base = db.selectFrom('reports').where('status', '=', status);
      const [rows, total] = await Promise.all([
        base
          .selectAll()
          .orderBy('id', status === 'open' ? 'asc' : 'desc')
          .offset(offset)
          .limit(limit)
          .execute(),
        base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(total.n) };
    },

    /** Resolves every open report on the same target at once; the ids it resolved. */
    async resolveTarget(
      target: Pick<ReportRow, 'target_type' | 'target_id'>,
      resolution: Pick<ReportRow, 'resolved_action' | 'resolved_reason' | 'resolved_by' | 'resolved_at'>,
    ): Promise<number> {
      const res = await db
        .updateTable('reports')
        .set({ ...resolution, status: 'resolved' })
        .where('target_type', '=', target.target_type)
        .where('target_id', '=', target.target_id)
        .where('status', '=', 'open')
        .executeTakeFirst();
      return Number(res.numUpdatedRows);
    },
  };
}

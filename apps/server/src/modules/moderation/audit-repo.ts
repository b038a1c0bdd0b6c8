/** SQL for the audit log: every moderation action and role change, with its reason. Rows are only ever added. */
import type { Selectable } from 'kysely';
import type { Db } from '../../db';
import type { ModerationLogTable } from '../../db/tables/moderation';

export type AuditRow = Selectable<ModerationLogTable>;

export function auditRepo(db: Db) {
  return {
    insert(row: AuditRow) {
      return db.insertInto('moderation_log').values(row).execute();
    },

    /** Latest first. */
    async page(offset: number, limit: number) {
      const [rows, total] = await Promise.all([
        db.selectFrom('moderation_log').selectAll().orderBy('id', 'desc').offset(offset).limit(limit).execute(),
        db
          .selectFrom('moderation_log')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(total.n) };
    },
  };
}

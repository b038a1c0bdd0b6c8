/** SQL for blocks and mutes: one row per person and whom they blocked or muted. */
import { sql } from 'kysely';
import type { Db } from '../../db';
import { publicUsers } from '../users';

type Kind = 'block' | 'mute';

const tables = {
  block: { table: 'blocks', by: 'blocker_id', whom: 'blocked_id' },
  mute: { table: 'mutes', by: 'muter_id', whom: 'muted_id' },
} as const;

export function safetyRepo(db: Db) {
  return {
    /** True when this call added the row (a repeat changes nothing). */
    async add(kind: Kind, by: string, whom: string, at: string): Promise<boolean> {
      const res =
        kind === 'block'
          ? await db
              .insertInto('blocks')
              .values({ blocker_id: by, blocked_id: whom, created_at: at })
              .onConflict((oc) => oc.columns(['blocker_id', 'blocked_id']).doNothing())
              .executeTakeFirst()
          : await db
              .insertInto('mutes')
              .values({ muter_id: by, muted_id: whom, created_at: at })
              .onConflict((oc) => oc.columns(['muter_id', 'muted_id']).doNothing())
              .executeTakeFirst();
      return Number(res.numInsertedOrUpdatedRows ?? 0) === 1;
    },

    async remove(kind: Kind, by: string, whom: string): Promise<void> {
      const t = tables[kind];
      await db.deleteFrom(t.table).where(t.by, '=', by).where(t.whom, '=', whom).execute();
    },

    async has(kind: Kind, by: string, whom: string): Promise<boolean> {
      const t = tables[kind];
      const row = await db.selectFrom(t.table).select(t.by).where(t.by, '=', by).where(t.whom, '=', whom).executeTakeFirst();
      return row !== undefined;
    },

    /** A page of the people `by` blocked or muted, latest first, with their public columns and the total. */
    async page(kind: Kind, by: string, offset: number, limit: number) {
      const t = tables[kind];
      const base = db.selectFrom(t.table).where(t.by, '=', by);
      const [rows, total] = await Promise.all([
        base
          .innerJoin(publicUsers(db).as('u'), 'u.id', t.whom)
          .selectAll('u')
          .orderBy(sql.ref(`${t.table}.created_at`), 'desc')
          .orderBy('u.id')
          .offset(offset)
          .limit(limit)
          .execute(),
        base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(total.n) };
    },
  };
}

/** SQL of the outbox table (db/tables/outbox.ts). */
import { sql } from 'kysely';
import type { Db, DialectName } from '../db';
import type { OutboxEventsTable } from '../db/tables/outbox';

export type OutboxRow = Omit<OutboxEventsTable, 'attempts'> & { attempts?: number };
export type ClaimedEvent = Pick<OutboxEventsTable, 'id' | 'name' | 'payload' | 'created_at'> & { attempts: number };

export function outboxStore(db: Db, dialect: DialectName) {
  return {
    async insert(row: OutboxRow): Promise<void> {
      await db.insertInto('outbox_events').values(row).execute();
    },

    /**
     * Takes up to `limit` events that are due, oldest first, holding them until `holdUntil`. Safe with
     * several processes: on PostgreSQL rows another process is claiming are skipped (SKIP LOCKED); SQLite
     * runs one write at a time anyway.
     */
    async claimDue(now: string, holdUntil: string, limit: number): Promise<ClaimedEvent[]> {
      // A read first: most polls find nothing, and a read costs no write lock.
      const due = await db.selectFrom('outbox_events').select('id').where('available_at', '<=', now).limit(1).executeTakeFirst();
      if (!due) return [];
      let candidates = db.selectFrom('outbox_events').select('id').where('available_at', '<=', now).orderBy('id').limit(limit);
      if (dialect === 'postgres') candidates = candidates.forUpdate().skipLocked();
      const rows = await db
        .updateTable('outbox_events')
        .set({ available_at: holdUntil, attempts: sql<number>`attempts + 1` })
        .where('id', 'in', candidates)
        // Checked again: on SQLite another process may have claimed a row since the subquery's snapshot.
        .where('available_at', '<=', now)
        .returning(['id', 'name', 'payload', 'created_at', 'attempts'])
        .execute();
      return rows.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    },

    async done(id: string): Promise<void> {
      await db.deleteFrom('outbox_events').where('id', '=', id).execute();
    },

    async retryAt(id: string, at: string, attempts: number, error: string): Promise<void> {
      await db
        .updateTable('outbox_events')
        .set({ available_at: at, attempts, last_error: error.slice(0, 1000) })
        .where('id', '=', id)
        .execute();
    },

    /** How many events wait, and when the oldest of them was written. */
    async backlog(): Promise<{ pending: number; oldest: string | null }> {
      const row = await db
        .selectFrom('outbox_events')
        .select((eb) => [eb.fn.countAll<number>().as('pending'), eb.fn.min('created_at').as('oldest')])
        .executeTakeFirstOrThrow();
      return { pending: Number(row.pending), oldest: row.oldest ?? null };
    },
  };
}

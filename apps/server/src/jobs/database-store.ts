/** SQL of the database job queue (db/tables/jobs.ts). */
import { sql } from 'kysely';
import type { Db, DialectName } from '../db';
import type { JobsTable } from '../db/tables/jobs';

export type ClaimedJob = Pick<JobsTable, 'id' | 'queue' | 'data' | 'attempts'>;

export interface QueueCounts {
  waiting: number;
  active: number;
  failed: number;
  /** When the longest-waiting due job became due (ISO time), or null. */
  oldestDue: string | null;
}

// Long: a repository; each method is one short query.
export function jobStore(db: Db, dialect: DialectName) {
  const due = (queue: string, now: string) =>
    db.selectFrom('jobs').where('queue', '=', queue).where('state', 'in', ['waiting', 'active']).where('available_at', '<=', now);

  return {
    /** False when a job with this id is already there (waiting, running or failed). */
    async insert(row: Omit<JobsTable, 'last_error' | 'failed_at'>): Promise<boolean> {
      const result = await db
        .insertInto('jobs')
        .values({ ...row, last_error: null, failed_at: null })
        .onConflict((oc) => oc.column('id').doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    /** A read first: most polls find nothing, and a read takes no write lock. */
    async anyDue(queue: string, now: string): Promise<boolean> {
      return (await due(queue, now).select('id').limit(1).executeTakeFirst()) !== undefined;
    },

    /**
     * Takes up to `limit` due jobs of a queue, oldest first, holding them until `holdUntil`: waiting ones,
     * and active ones whose holder stopped renewing (it died). On PostgreSQL rows another process is
     * claiming are skipped (SKIP LOCKED); on SQLite writes run one at a time, and the condition is checked
     * again in the UPDATE.
     */
    async claim(queue: string, now: string, holdUntil: string, limit: number): Promise<ClaimedJob[]> {
      let candidates = due(queue, now).select('id').orderBy('available_at').orderBy('id').limit(limit);
      if (dialect === 'postgres') candidates = candidates.forUpdate().skipLocked();
      return db
        .updateTable('jobs')
        .set({ state: 'active', available_at: holdUntil, attempts: sql<number>`attempts + 1` })
        .where('id', 'in', candidates)
        .where('state', 'in', ['waiting', 'active'])
        .where('available_at', '<=', now)
        .returning(['id', 'queue', 'data', 'attempts'])
        .execute();
    },

    /** Keeps a running job's hold; false when it was lost (taken again after the hold ran out, or gone). */
    async renew(id: string, attempts: number, holdUntil: string): Promise<boolean> {
      const r = await db
        .updateTable('jobs')
        .set({ available_at: holdUntil })
        .where('id', '=', id)
        .where('state', '=', 'active')
        .where('attempts', '=', attempts)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },

    async done(id: string): Promise<void> {
      await db.deleteFrom('jobs').where('id', '=', id).where('state', '=', 'active').execute();
    },

    /** Back to waiting until `at`, unless another worker took it again meanwhile (`attempts` moved on). */
    async retryAt(id: string, attempts: number, at: string, error: string): Promise<void> {
      await db
        .updateTable('jobs')
        .set({ state: 'waiting', available_at: at, last_error: error.slice(0, 1000) })
        .where('id', '=', id)
        .where('attempts', '=', attempts)
        .execute();
    },

    /** Into the dead-letter list. */
    async fail(id: string, attempts: number, at: string, error: string): Promise<void> {
      await db
        .updateTable('jobs')
        .set({ state: 'failed', failed_at: at, last_error: error.slice(0, 1000) })
        .where('id', '=', id)
        .where('attempts', '=', attempts)
        .execute();
    },

    async counts(queue: string, now: string): Promise<QueueCounts> {
      const rows = await db
        .selectFrom('jobs')
        .select((eb) => ['state', eb.fn.countAll<number>().as('n')])
        .where('queue', '=', queue)
        .groupBy('state')
        .execute();
      const oldest = await due(queue, now)
        .where('state', '=', 'waiting')
        .select((eb) => eb.fn.min('available_at').as('at'))
        .executeTakeFirst();
      const n = (state: string) => Number(rows.find((r) => r.state === state)?.n ?? 0);
      return { waiting: n('waiting'), active: n('active'), failed: n('failed'), oldestDue: oldest?.at ?? null };
    },

    async failed(queue: string, limit: number) {
      return db
        .selectFrom('jobs')
        .select(['id', 'attempts', 'data', 'last_error', 'created_at', 'failed_at'])
        .where('queue', '=', queue)
        .where('state', '=', 'failed')
        .orderBy('failed_at', 'desc')
        .limit(limit)
        .execute();
    },

    /** Drops the dead letters that failed before `before`. */
    async prune(before: string): Promise<void> {
      await db.deleteFrom('jobs').where('state', '=', 'failed').where('failed_at', '<', before).execute();
    },
  };
}

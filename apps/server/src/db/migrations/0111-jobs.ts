import type { Kysely } from 'kysely';

/**
 * The job queue kept in the database (src/jobs/database-queue.ts), used when there is no Redis: one row
 * per job waiting, running or given up on (`state` waiting, active, failed), deleted once done. The id is
 * the job's own, derived from the work, so the same work asked for twice is one row. `available_at` is
 * when a worker may take it: now, after a delay or back-off, or, while active, once its holder stopped
 * renewing its hold (a worker that died).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('jobs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('queue', 'text', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('available_at', 'text', (c) => c.notNull())
    .addColumn('last_error', 'text')
    .addColumn('failed_at', 'text')
    .execute();
  await db.schema.createIndex('jobs_due_idx').on('jobs').columns(['queue', 'state', 'available_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('jobs').execute();
}

import type { Kysely } from 'kysely';

/**
 * The transactional outbox (src/outbox/): domain events written in the same transaction as the change
 * they tell of, deleted once every subscriber has handled them. `available_at` is when any process may
 * take the event next: a little after it was written (the writer dispatches it itself meanwhile), then
 * after each failed attempt's back-off, or once a process that took it has held it too long.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('outbox_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('available_at', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .execute();
  await db.schema.createIndex('outbox_events_available_idx').on('outbox_events').columns(['available_at', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('outbox_events').execute();
}

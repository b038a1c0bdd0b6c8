import type { Kysely } from 'kysely';

/** Servers an admin blocked (modules/federation): nothing is taken from them or sent to them. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('blocked_instances')
    .addColumn('host', 'text', (c) => c.primaryKey())
    .addColumn('blocked_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('blocked_instances').execute();
}

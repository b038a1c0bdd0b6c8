import type { Kysely } from 'kysely';

/**
 * Blocks and mutes (one row per person and the one they blocked or muted), and on `users` the role
 * (`member` unless the admin command says otherwise) and the end of a suspension (null when none; the far
 * future for good). Blocks are read from both sides: "did either of us block the other".
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [table, by, whom] of [
    ['blocks', 'blocker_id', 'blocked_id'],
    ['mutes', 'muter_id', 'muted_id'],
  ] as const) {
    await db.schema
      .createTable(table)
      .addColumn(by, 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn(whom, 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint(`${table}_pk`, [by, whom])
      .execute();
    await db.schema.createIndex(`${table}_${whom}_idx`).on(table).columns([whom, by]).execute();
  }
  await db.schema
    .alterTable('users')
    .addColumn('role', 'text', (c) => c.notNull().defaultTo('member'))
    .execute();
  await db.schema.alterTable('users').addColumn('suspended_until', 'text').execute();
  // Lists hide suspended people: the index keeps finding them one short range.
  await db.schema.createIndex('users_suspended_until_idx').on('users').column('suspended_until').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('users_suspended_until_idx').execute();
  await db.schema.alterTable('users').dropColumn('suspended_until').execute();
  await db.schema.alterTable('users').dropColumn('role').execute();
  await db.schema.dropTable('mutes').execute();
  await db.schema.dropTable('blocks').execute();
}

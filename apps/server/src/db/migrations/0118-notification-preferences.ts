import type { Kysely } from 'kysely';

/**
 * What each person hears of, and where (modules/notification-preferences). No row: the defaults. `kinds` is the
 * per-kind channels as JSON; `digest` stands apart so the daily digest finds its readers with one index, and
 * `digest_since` is the end of what the last digest told (the next one starts there).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('notification_preferences')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('kinds', 'text', (c) => c.notNull())
    .addColumn('hide_previews', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('quiet_start', 'text')
    .addColumn('quiet_end', 'text')
    .addColumn('time_zone', 'text', (c) => c.notNull().defaultTo('UTC'))
    .addColumn('push_while_active', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('digest', 'text', (c) => c.notNull().defaultTo('off'))
    .addColumn('digest_since', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('notification_preferences_digest_idx')
    .on('notification_preferences')
    .columns(['digest', 'digest_since'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('notification_preferences').execute();
}

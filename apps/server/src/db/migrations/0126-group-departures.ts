import type { Kysely } from 'kysely';

/**
 * Who left a group or was removed from it, and where in its history that happened: someone who reloads a
 * group they are no longer in sees why, and the history up to that line, instead of "not found". One row
 * per person and group (the latest departure); being added again removes it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('group_departures')
    .addColumn('conversation_key', 'text', (c) => c.notNull().references('conversations.pair_key').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('reason', 'text', (c) => c.notNull())
    /** The `seq` of the system line that says they left or were removed: the last message they may read. */
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('departed_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('group_departures_pk', ['conversation_key', 'user_id'])
    .execute();
  await db.schema.createIndex('group_departures_user_idx').on('group_departures').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('group_departures').execute();
}

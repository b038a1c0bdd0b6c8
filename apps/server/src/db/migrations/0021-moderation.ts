import type { Kysely } from 'kysely';

/**
 * Reports and the audit log. A report names its target by type and id only (the content may be removed
 * later, the report stays); its resolution is written onto it. Audit entries outlive the people in them:
 * their user columns are set to null when an account goes, the reason and the ids stay. Also an index of
 * messages by id, for the reports that name one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('reports')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('reporter_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('target_type', 'text', (c) => c.notNull())
    .addColumn('target_id', 'text', (c) => c.notNull())
    // Whose it is, kept when the content goes, so a removed post's author can still be suspended.
    .addColumn('target_user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('text', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('resolved_action', 'text')
    .addColumn('resolved_reason', 'text')
    .addColumn('resolved_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('resolved_at', 'text')
    .execute();
  await db.schema.createIndex('reports_status_idx').on('reports').columns(['status', 'id']).execute();
  await db.schema.createIndex('reports_target_idx').on('reports').columns(['target_type', 'target_id']).execute();

  await db.schema
    .createTable('moderation_log')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('moderator_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('target_user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('target_type', 'text', (c) => c.notNull())
    .addColumn('target_id', 'text', (c) => c.notNull())
    .addColumn('report_id', 'text')
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('detail', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  // A reported message is named by its id alone; the messages' key leads with the pair.
  await db.schema.createIndex('messages_id_idx').on('messages').column('id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('messages_id_idx').execute();
  await db.schema.dropTable('moderation_log').execute();
  await db.schema.dropTable('reports').execute();
}

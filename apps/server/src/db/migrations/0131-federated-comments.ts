import type { Kysely } from 'kysely';

/**
 * Comments that came from other servers (modules/federation): the id of their reply `Note` there, so a
 * `Delete` naming it finds the Plaza comment, and the remote person who wrote it (only they may delete it).
 * A row goes with its comment.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('federated_comments')
    .addColumn('object_url', 'text', (c) => c.primaryKey())
    .addColumn('comment_id', 'text', (c) => c.notNull().unique().references('comments.id').onDelete('cascade'))
    .addColumn('author_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('federated_comments').execute();
}

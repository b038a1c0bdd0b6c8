import { sql, type Kysely } from 'kysely';

/**
 * The reply `Note` of each comment that came from another server, by comment (modules/federation). Unlike
 * `federated_comments` (0131), a row outlives its comment: when the post's author deletes that comment here,
 * the `Delete` sent to the commenter's server must still name their Note. The row goes once that is sent.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('federated_comment_notes')
    .addColumn('comment_id', 'text', (c) => c.primaryKey())
    .addColumn('object_url', 'text', (c) => c.notNull())
    .addColumn('author_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .execute();
  await sql`insert into federated_comment_notes (comment_id, object_url, author_id)
    select comment_id, object_url, author_id from federated_comments`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('federated_comment_notes').execute();
}

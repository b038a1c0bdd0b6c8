import type { Kysely } from 'kysely';

/**
 * Posts that came from other servers (modules/federation): the id of their `Note` there, so an `Update`,
 * `Delete` or `Like` naming it finds the Plaza post, and the remote person who wrote it (only they may change
 * it). A row goes with its post.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('federated_posts')
    .addColumn('object_url', 'text', (c) => c.primaryKey())
    .addColumn('post_id', 'text', (c) => c.notNull().unique().references('posts.id').onDelete('cascade'))
    .addColumn('author_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('federated_posts').execute();
}

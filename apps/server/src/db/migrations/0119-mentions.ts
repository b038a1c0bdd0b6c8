import type { Kysely } from 'kysely';

/**
 * The mentions feature's table (product.md § Mentions): each `@name` of a post, comment or chat message that
 * named a person when it was written, kept by the person's id so a rename keeps the link. A post's own mentions
 * and its comments' carry `post_id`, so they go with the post by the foreign key's cascade; mentions go with
 * the mentioned person's account and with their author's the same way.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('mentions')
    .addColumn('target_type', 'text', (c) => c.notNull())
    .addColumn('target_id', 'text', (c) => c.notNull())
    .addColumn('mentioned_as', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('author_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('post_id', 'text', (c) => c.references('posts.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('mentions_pk', ['target_type', 'target_id', 'mentioned_as'])
    .execute();
  await db.schema.createIndex('mentions_user_idx').on('mentions').columns(['user_id', 'target_type']).execute();
  await db.schema.createIndex('mentions_post_idx').on('mentions').column('post_id').execute();
  await db.schema.createIndex('mentions_author_idx').on('mentions').column('author_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('mentions').execute();
}

import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('stories')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('media_url', 'text', (c) => c.notNull())
    .addColumn('media_type', 'text', (c) => c.notNull())
    .addColumn('caption', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  // Listing reads "these owners' unexpired stories"; the sweep reads "everything expired".
  await db.schema.createIndex('stories_user_expires_idx').on('stories').columns(['user_id', 'expires_at']).execute();
  await db.schema.createIndex('stories_expires_idx').on('stories').column('expires_at').execute();

  await db.schema
    .createTable('story_views')
    .addColumn('story_id', 'text', (c) => c.notNull().references('stories.id').onDelete('cascade'))
    .addColumn('viewer_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('viewed_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('story_views_pk', ['story_id', 'viewer_id'])
    .execute();
  await db.schema.createIndex('story_views_viewer_idx').on('story_views').column('viewer_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('story_views').execute();
  await db.schema.dropTable('stories').execute();
}

import type { Kysely } from 'kysely';

/**
 * What the home feed reads on every page, kept small (modules/posts/feed-page-repo.ts).
 *
 * `users.profile_revision` moves with every change to a user row. Rendered posts carry their author's
 * name and picture; the feed keeps each post's rendered JSON and reads the author's revision with the
 * page, so a renamed author never shows under the old name, on this server or any other.
 *
 * The two covering indexes answer a page's per-post lookups (counters, author, author's revision)
 * from narrow index pages instead of the wide rows that hold text and media.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('profile_revision', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('users_revision_idx').on('users').columns(['id', 'profile_revision']).execute();
  await db.schema
    .createIndex('posts_counters_idx')
    .on('posts')
    .columns(['id', 'author_id', 'heart_count', 'fire_count', 'thumbs_up_count', 'smile_count', 'celebrate_count', 'clap_count', 'comments_count'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('posts_counters_idx').execute();
  await db.schema.dropIndex('users_revision_idx').execute();
  await db.schema.alterTable('users').dropColumn('profile_revision').execute();
}

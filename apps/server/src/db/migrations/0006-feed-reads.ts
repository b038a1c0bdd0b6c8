import { sql, type Kysely } from 'kysely';
import { viewerKindBits } from '../../modules/posts/reaction-bits';

/**
 * What the home feed reads on every page, kept small (modules/posts/feed-page-repo.ts).
 *
 * `users.profile_revision` moves with every change to what others see of a person (name, picture, bio),
 * and `posts.author_revision` copies it in the same transaction. Rendered posts carry their author's
 * name and picture; the feed keeps each post's rendered JSON and reads the author's revision with the
 * page, so a renamed author never shows under the old name, on this server or any other.
 *
 * Each timeline row carries its reader's own marks on the post (reaction kinds as a bit set, favorite),
 * written with the reaction or favorite itself, so a page needs no lookup for them.
 *
 * The covering index answers a page's per-post lookup (counters, author's revision) from narrow index
 * pages instead of the wide rows that hold text and media.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('profile_revision', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // Every revision is 0 so far: the copies on posts start equal.
  await db.schema
    .alterTable('posts')
    .addColumn('author_revision', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('posts_counters_idx')
    .on('posts')
    .columns(['id', 'heart_count', 'fire_count', 'thumbs_up_count', 'smile_count', 'celebrate_count', 'clap_count', 'comments_count', 'author_revision'])
    .execute();

  await db.schema.alterTable('feed_items').addColumn('reader_kinds', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('feed_items').addColumn('reader_favorite', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await sql`update feed_items set reader_kinds = (
      select ${viewerKindBits} from post_reactions r where r.post_id = feed_items.post_id and r.user_id = feed_items.owner_id)
    where exists (select 1 from post_reactions r where r.post_id = feed_items.post_id and r.user_id = feed_items.owner_id)`.execute(db);
  await sql`update feed_items set reader_favorite = 1
    where exists (select 1 from post_favorites f where f.user_id = feed_items.owner_id and f.post_id = feed_items.post_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('feed_items').dropColumn('reader_favorite').execute();
  await db.schema.alterTable('feed_items').dropColumn('reader_kinds').execute();
  await db.schema.dropIndex('posts_counters_idx').execute();
  await db.schema.alterTable('posts').dropColumn('author_revision').execute();
  await db.schema.alterTable('users').dropColumn('profile_revision').execute();
}

import { sql, type Kysely } from 'kysely';

/**
 * The reaction kinds in bit order as they were when this migration was written (REACTION_TYPES then),
 * spelled out so later changes to the live code never change what the migration did.
 */
const KINDS_IN_BIT_ORDER = ['heart', 'fire', 'thumbsUp', 'smile', 'celebrate', 'clap'];
const kindBits = sql<number>`sum(case kind ${sql.join(
  KINDS_IN_BIT_ORDER.map((k, i) => sql`when ${sql.lit(k)} then ${sql.lit(1 << i)}`),
  sql` `,
)} end)`;

/**
 * Each timeline row carries its reader's own marks on the post (reaction kinds as a bit set, favorite),
 * written with the reaction or favorite itself, so a feed page is one range of the reader's timeline
 * with nothing to look up per post (modules/posts/feed-page-repo.ts). Existing marks are copied over.
 * Also an index of notifications by what they are about, for deleting a post's.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('feed_items')
    .addColumn('reader_kinds', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('feed_items')
    .addColumn('reader_favorite', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update feed_items set reader_kinds = (
      select ${kindBits} from post_reactions r where r.post_id = feed_items.post_id and r.user_id = feed_items.owner_id)
    where exists (select 1 from post_reactions r where r.post_id = feed_items.post_id and r.user_id = feed_items.owner_id)`.execute(db);
  await sql`update feed_items set reader_favorite = 1
    where exists (select 1 from post_favorites f where f.user_id = feed_items.owner_id and f.post_id = feed_items.post_id)`.execute(db);

  // Deleting a post removes the notifications about it, found by the post's id.
  await db.schema.createIndex('notifications_entity_idx').on('notifications').column('entity_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('notifications_entity_idx').execute();
  await db.schema.alterTable('feed_items').dropColumn('reader_favorite').execute();
  await db.schema.alterTable('feed_items').dropColumn('reader_kinds').execute();
}

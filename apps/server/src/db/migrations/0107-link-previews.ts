import type { Kysely } from 'kysely';

/**
 * Link preview cards (modules/link-previews): the cache of cards by normalized link, a failed read kept
 * briefly too (`card` null), and the card itself on the post, comment or message whose first link it is.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('link_previews')
    .addColumn('url_key', 'text', (c) => c.primaryKey())
    .addColumn('card', 'text')
    .addColumn('fetched_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('link_previews_expires_idx').on('link_previews').column('expires_at').execute();
  for (const table of ['posts', 'comments', 'messages']) {
    await db.schema.alterTable(table).addColumn('link_preview', 'text').execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['posts', 'comments', 'messages']) {
    await db.schema.alterTable(table).dropColumn('link_preview').execute();
  }
  await db.schema.dropTable('link_previews').execute();
}

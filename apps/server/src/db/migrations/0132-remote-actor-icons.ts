import type { Kysely } from 'kysely';

/**
 * The address of the picture a remote person's avatar was last fetched from (modules/federation), so an
 * `Update(Person)` fetches it again only when it changed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('remote_actors').addColumn('icon_url', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('remote_actors').dropColumn('icon_url').execute();
}

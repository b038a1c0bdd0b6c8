import type { Kysely } from 'kysely';

/**
 * A video story made playable by a job after its upload (docs/decisions/videos.md): `status` is
 * `processing` until then and `failed` when it could not be (null: it plays); `source_key` is the upload
 * kept in the private `uploads/` folder until the job is done, so deleting the story removes it too.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('stories').addColumn('status', 'text').execute();
  await db.schema.alterTable('stories').addColumn('source_key', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('stories').dropColumn('source_key').execute();
  await db.schema.alterTable('stories').dropColumn('status').execute();
}

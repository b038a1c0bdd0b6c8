import type { Kysely } from 'kysely';

/** A video story's still frame, made by ffmpeg on upload (media/video.ts) and shown while the video loads. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('stories').addColumn('poster_url', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('stories').dropColumn('poster_url').execute();
}

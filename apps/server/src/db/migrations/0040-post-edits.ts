import type { Kysely } from 'kysely';

/** Posts can be edited by their author (`PATCH /posts/{postId}`): when it last happened, null until then. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('posts').addColumn('edited_at', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('posts').dropColumn('edited_at').execute();
}

import type { Kysely } from 'kysely';

/**
 * The language a person reads Plaza in (`en`, `es`, `ar`): the web app follows it on every device, and the
 * mails and pushes sent to them are written in it. Everyone already here reads English.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('language', 'text', (c) => c.notNull().defaultTo('en'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('language').execute();
}

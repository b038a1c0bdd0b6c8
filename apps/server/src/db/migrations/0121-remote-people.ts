import type { Kysely } from 'kysely';

/**
 * People of other servers (modules/federation). Each is a row of `users`, so friend requests, chats and
 * reactions keep their foreign keys, marked by `remote_host` (null for local accounts: only those sign in
 * and appear in suggestions, the network list and name search) and `profile_url` (their page at home).
 * `remote_actors` keeps what federation needs to reach them: the actor's id and its inboxes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('remote_host', 'text').execute();
  await db.schema.alterTable('users').addColumn('profile_url', 'text').execute();
  await db.schema
    .createTable('remote_actors')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('actor_url', 'text', (c) => c.notNull().unique())
    .addColumn('inbox_url', 'text', (c) => c.notNull())
    .addColumn('shared_inbox_url', 'text')
    .addColumn('fetched_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('remote_actors').execute();
  await db.schema.alterTable('users').dropColumn('profile_url').execute();
  await db.schema.alterTable('users').dropColumn('remote_host').execute();
}

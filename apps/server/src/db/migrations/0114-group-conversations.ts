import type { Kysely } from 'kysely';

/**
 * Group conversations share the one-to-one chat's tables: a group is a `conversations` row of kind
 * `group` keyed by its id, and its messages are `messages` rows under that key, numbered by the same
 * `seq` and written by the same store. What only groups have lives beside: their name, photo and creator
 * on the conversation row, and who is in them in `group_members` (one row per member: role, read
 * position, mute). A direct conversation's two people stay its `user_low` / `user_high`; a group's row
 * names its creator in both, so the foreign keys hold.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('conversations')
    .addColumn('kind', 'text', (c) => c.notNull().defaultTo('direct'))
    .execute();
  await db.schema.alterTable('conversations').addColumn('name', 'text').execute();
  await db.schema.alterTable('conversations').addColumn('photo_url', 'text').execute();
  await db.schema.alterTable('conversations').addColumn('created_by', 'text').execute();

  await db.schema
    .createTable('group_members')
    .addColumn('conversation_key', 'text', (c) => c.notNull().references('conversations.pair_key').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull().defaultTo('member'))
    .addColumn('joined_at', 'text', (c) => c.notNull())
    /** The `seq` of the last message the member read (0: none). */
    .addColumn('read_seq', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('muted', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('group_members_pk', ['conversation_key', 'user_id'])
    .execute();
  await db.schema.createIndex('group_members_user_idx').on('group_members').columns(['user_id', 'conversation_key']).execute();

  // What a system line records (JSON); null on what people write. A group message has no single receiver:
  // it names its sender there too, and is written already read in the one-to-one sense (`read_at`), so the
  // partial unread index of one-to-one messages never holds it.
  await db.schema.alterTable('messages').addColumn('system', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('messages').dropColumn('system').execute();
  await db.schema.dropTable('group_members').execute();
  for (const column of ['created_by', 'photo_url', 'name', 'kind'])
    await db.schema.alterTable('conversations').dropColumn(column).execute();
}

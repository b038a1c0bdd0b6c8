import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Keyed by conversation then id: history pages straight off the primary key, and every message write
  // touches one index fewer than a separate (pair_key, id) index would cost.
  await db.schema
    .createTable('messages')
    .addColumn('pair_key', 'text', (c) => c.notNull())
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('sender_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('receiver_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('client_message_id', 'text')
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('read_at', 'text')
    .addPrimaryKeyConstraint('messages_pk', ['pair_key', 'id'])
    .execute();
  // NULLs never collide, so messages sent without a client id are unaffected.
  await db.schema.createIndex('messages_client_id_unique').on('messages').columns(['sender_id', 'client_message_id']).unique().execute();
  // Unread counts and "mark read" look up a receiver's unread messages per sender. Partial, so it holds
  // only the few unread messages rather than every message ever sent.
  await db.schema
    .createIndex('messages_unread_idx')
    .on('messages')
    .columns(['receiver_id', 'sender_id'])
    .where(sql.ref('read_at'), 'is', null)
    .execute();

  // One row per pair that ever talked, written once: the last message is looked up on the primary key
  // of messages when the list is read, so sending never rewrites this table.
  await db.schema
    .createTable('conversations')
    .addColumn('pair_key', 'text', (c) => c.primaryKey())
    .addColumn('user_low', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('user_high', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('conversations_low_idx').on('conversations').column('user_low').execute();
  await db.schema.createIndex('conversations_high_idx').on('conversations').column('user_high').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('conversations').execute();
  await db.schema.dropTable('messages').execute();
}

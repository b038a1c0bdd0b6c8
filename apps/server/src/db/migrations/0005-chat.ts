import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('pair_key', 'text', (c) => c.notNull())
    .addColumn('sender_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('receiver_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('client_message_id', 'text')
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('read_at', 'text')
    .execute();
  await db.schema.createIndex('messages_pair_idx').on('messages').columns(['pair_key', 'id']).execute();
  // NULLs never collide, so messages sent without a client id are unaffected.
  await db.schema.createIndex('messages_client_id_unique').on('messages').columns(['sender_id', 'client_message_id']).unique().execute();
  // Unread counts and "mark read" both look up a receiver's unread messages per sender.
  await db.schema.createIndex('messages_unread_idx').on('messages').columns(['receiver_id', 'sender_id', 'read_at']).execute();

  await db.schema
    .createTable('conversations')
    .addColumn('pair_key', 'text', (c) => c.primaryKey())
    .addColumn('user_low', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('user_high', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('last_message_id', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('conversations_low_idx').on('conversations').columns(['user_low', 'last_message_id']).execute();
  await db.schema.createIndex('conversations_high_idx').on('conversations').columns(['user_high', 'last_message_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('conversations').execute();
  await db.schema.dropTable('messages').execute();
}

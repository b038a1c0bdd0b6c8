import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('connections')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_low', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('user_high', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('requester_id', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('connections_pair_unique', ['user_low', 'user_high'])
    .execute();
  await db.schema.createIndex('connections_high_idx').on('connections').columns(['user_high', 'status']).execute();
  await db.schema.createIndex('connections_low_idx').on('connections').columns(['user_low', 'status']).execute();

  await db.schema
    .createTable('notifications')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('recipient_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('actor_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('entity_id', 'text')
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('read', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('notifications_recipient_idx').on('notifications').columns(['recipient_id', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('notifications').execute();
  await db.schema.dropTable('connections').execute();
}

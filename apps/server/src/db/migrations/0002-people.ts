import { PostgresAdapter, sql, type Kysely } from 'kysely';

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

  await createSearchIndexes(db);
}

/**
 * Prefix search over user names, full names and the rest of a full name after its first word (so
 * "love" finds "Ada Lovelace" through an index too). Search uses range predicates, which need
 * byte-order comparison: SQLite's default, but on PostgreSQL only the "C" collation guarantees it
 * whatever the database's own collation is. The expressions must match people/search-repo.ts exactly.
 */
async function createSearchIndexes(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`create index users_user_name_lower_c_idx on users (user_name_lower collate "C")`.execute(db);
    await sql`create index users_full_name_lower_c_idx on users (full_name_lower collate "C")`.execute(db);
    await sql`create index users_full_name_rest_c_idx on users ((substr(full_name_lower, strpos(full_name_lower, ' ') + 1)) collate "C")`.execute(db);
  } else {
    // user_name_lower (unique) and full_name_lower are already indexed by 0001.
    await sql`create index users_full_name_rest_idx on users (substr(full_name_lower, instr(full_name_lower, ' ') + 1))`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of ['users_user_name_lower_c_idx', 'users_full_name_lower_c_idx', 'users_full_name_rest_c_idx', 'users_full_name_rest_idx']) {
    await db.schema.dropIndex(name).ifExists().execute();
  }
  await db.schema.dropTable('notifications').execute();
  await db.schema.dropTable('connections').execute();
}

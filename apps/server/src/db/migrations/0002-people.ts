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
 * User search. Prefix search uses range predicates over user names, full names and the rest of a
 * full name after its first word (so "love" finds "Ada Lovelace" through an index too); ranges need
 * byte-order comparison: SQLite's default, but on PostgreSQL only the "C" collation guarantees it
 * whatever the database's own collation is. Substring search uses trigram indexes: pg_trgm where the
 * server has it, FTS5 on SQLite. The expressions must match users/search-repo.ts exactly.
 */
async function createSearchIndexes(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`create index users_user_name_lower_c_idx on users (user_name_lower collate "C")`.execute(db);
    await sql`create index users_full_name_lower_c_idx on users (full_name_lower collate "C")`.execute(db);
    await sql`create index users_full_name_rest_c_idx on users ((substr(full_name_lower, strpos(full_name_lower, ' ') + 1)) collate "C")`.execute(
      db,
    );
    if (await canUsePgTrgm(db)) {
      await sql`create extension if not exists pg_trgm`.execute(db);
      await sql`create index users_user_name_lower_trgm_idx on users using gin (user_name_lower gin_trgm_ops)`.execute(db);
      await sql`create index users_full_name_lower_trgm_idx on users using gin (full_name_lower gin_trgm_ops)`.execute(db);
    }
    return;
  }
  // user_name_lower (unique) and full_name_lower are already indexed by 0001.
  await sql`create index users_full_name_rest_idx on users (substr(full_name_lower, instr(full_name_lower, ' ') + 1))`.execute(db);
  // FTS rows are keyed by a small integer per user kept in users_name_trigram_keys: users' own rowid
  // is no key (VACUUM may renumber it), and finding a row by user id inside FTS5 would be a scan.
  await sql`create table users_name_trigram_keys (key integer primary key, user_id text not null unique)`.execute(db);
  await sql`create virtual table users_name_trigrams using fts5(user_name_lower, full_name_lower, tokenize = 'trigram')`.execute(db);
  await sql`insert into users_name_trigram_keys (user_id) select id from users`.execute(db);
  await sql`insert into users_name_trigrams (rowid, user_name_lower, full_name_lower)
    select k.key, u.user_name_lower, u.full_name_lower from users u join users_name_trigram_keys k on k.user_id = u.id`.execute(db);
  await sql`create trigger users_name_trigrams_insert after insert on users begin
    insert into users_name_trigram_keys (user_id) values (new.id);
    insert into users_name_trigrams (rowid, user_name_lower, full_name_lower)
      values ((select key from users_name_trigram_keys where user_id = new.id), new.user_name_lower, new.full_name_lower);
  end`.execute(db);
  await sql`create trigger users_name_trigrams_update after update of user_name_lower, full_name_lower on users begin
    delete from users_name_trigrams where rowid = (select key from users_name_trigram_keys where user_id = old.id);
    insert into users_name_trigrams (rowid, user_name_lower, full_name_lower)
      values ((select key from users_name_trigram_keys where user_id = new.id), new.user_name_lower, new.full_name_lower);
  end`.execute(db);
  await sql`create trigger users_name_trigrams_delete after delete on users begin
    delete from users_name_trigrams where rowid = (select key from users_name_trigram_keys where user_id = old.id);
    delete from users_name_trigram_keys where user_id = old.id;
  end`.execute(db);
}

/** pg_trgm is optional: used when installed, or when this role may create it (it is a trusted extension). */
async function canUsePgTrgm(db: Kysely<unknown>): Promise<boolean> {
  const { rows } = await sql<{ ok: boolean }>`
    select exists (select 1 from pg_extension where extname = 'pg_trgm')
        or exists (
          select 1 from pg_available_extension_versions v
          where v.name = 'pg_trgm'
            and ((v.trusted and has_database_privilege(current_database(), 'CREATE'))
                 or (select rolsuper from pg_roles where rolname = current_user))
        ) as ok`.execute(db);
  return rows[0]?.ok === true;
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of ['users_name_trigrams_insert', 'users_name_trigrams_update', 'users_name_trigrams_delete']) {
    await sql`drop trigger if exists ${sql.id(name)}`.execute(db);
  }
  await sql`drop table if exists users_name_trigrams`.execute(db);
  await sql`drop table if exists users_name_trigram_keys`.execute(db);
  const indexes = ['users_user_name_lower_c_idx', 'users_full_name_lower_c_idx', 'users_full_name_rest_c_idx', 'users_full_name_rest_idx'];
  for (const name of [...indexes, 'users_user_name_lower_trgm_idx', 'users_full_name_lower_trgm_idx']) {
    await db.schema.dropIndex(name).ifExists().execute();
  }
  await db.schema.dropTable('notifications').execute();
  await db.schema.dropTable('connections').execute();
}

import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * SQLite only: the name trigram table without positions (`detail = none`). User search asks it for
 * every trigram of the query (AND) and checks the whole substring with LIKE on the rows it reads, so
 * positions were never needed; without them a lookup reads a third to a fifth of the pages (measured:
 * "dqvi" among 100,000 people 254 → 96 µs, "lindqvist" 732 → 160 µs) and the index is smaller.
 * The triggers of 0002 name the table, not its layout, and go on working.
 */
const rebuild = async (db: Kysely<unknown>, detail: 'none' | 'full') => {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return;
  await sql`drop table users_name_trigrams`.execute(db);
  await sql`create virtual table users_name_trigrams using fts5(user_name_lower, full_name_lower, tokenize = 'trigram', detail = ${sql.raw(detail)})`.execute(
    db,
  );
  await sql`insert into users_name_trigrams (rowid, user_name_lower, full_name_lower)
    select k.key, u.user_name_lower, u.full_name_lower from users u join users_name_trigram_keys k on k.user_id = u.id`.execute(db);
};

export const up = (db: Kysely<unknown>) => rebuild(db, 'none');
export const down = (db: Kysely<unknown>) => rebuild(db, 'full');

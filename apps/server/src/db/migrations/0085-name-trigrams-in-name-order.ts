import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * PostgreSQL only: every three-letter piece of each person's user name and full name, one row per
 * (trigram, person), in a B-tree ordered by user name. A substring lookup reads one trigram's run in
 * user-name order and stops at the 50th person whose name holds the whole query (search-repo.ts), so
 * its cost no longer grows with how many people share the substring: pg_trgm's GIN indexes answer in
 * page order, and a common substring was read as a scan of 1,300–2,500 rows (docs/decisions/search.md).
 *
 * Kept in step by triggers like SQLite's FTS5 table: a bulk insert adds its rows in one statement (a
 * statement trigger over the inserted rows), a rename replaces the person's rows, a deletion removes
 * them. Soft-deleted and hidden people stay in it: the search's join on `users` and the safety rules
 * leave them out, as for every other lookup.
 */
const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

/** People per statement while filling: each statement stays far inside the server's statement timeout. */
const FILL_BATCH = 2_000;

/** The rows of everyone already there, a batch of people at a time in id order. */
async function fill(db: Kysely<unknown>): Promise<void> {
  let after = '';
  for (;;) {
    const { rows } = await sql<{ last: string | null }>`with batch as (
        select id, user_name_lower, full_name_lower from users where id > ${after} order by id limit ${FILL_BATCH}
      ), added as (
        insert into name_trigrams (trigram, sort_name, user_id)
          select t, b.user_name_lower, b.id from batch b, name_trigrams_of(b.user_name_lower, b.full_name_lower) t
      )
      select max(id) as last from batch`.execute(db);
    const last = rows[0]?.last;
    if (!last) return;
    after = last;
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`create table name_trigrams (
    trigram text collate "C" not null,
    sort_name text collate "C" not null,
    user_id text not null,
    primary key (trigram, sort_name, user_id)
  )`.execute(db);
  // The trigrams of a person's names, each once: what the table holds for them.
  await sql`create function name_trigrams_of(user_name text, full_name text) returns setof text
    language sql immutable parallel safe as $$
      select distinct substr(s, i, 3) from unnest(array[user_name, full_name]) s, generate_series(1, char_length(s) - 2) i
    $$`.execute(db);
  await sql`create function name_trigrams_inserted() returns trigger language plpgsql as $$
    begin
      insert into name_trigrams (trigram, sort_name, user_id)
        select t, n.user_name_lower, n.id from new_users n, name_trigrams_of(n.user_name_lower, n.full_name_lower) t;
      return null;
    end $$`.execute(db);
  await sql`create function name_trigrams_changed() returns trigger language plpgsql as $$
    begin
      if tg_op in ('UPDATE', 'DELETE') then
        delete from name_trigrams
          where trigram in (select name_trigrams_of(old.user_name_lower, old.full_name_lower))
            and sort_name = old.user_name_lower and user_id = old.id;
      end if;
      if tg_op = 'UPDATE' then
        insert into name_trigrams (trigram, sort_name, user_id)
          select t, new.user_name_lower, new.id from name_trigrams_of(new.user_name_lower, new.full_name_lower) t;
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger name_trigrams_insert after insert on users
    referencing new table as new_users for each statement execute function name_trigrams_inserted()`.execute(db);
  await sql`create trigger name_trigrams_update after update of user_name_lower, full_name_lower on users for each row
    when (old.user_name_lower is distinct from new.user_name_lower or old.full_name_lower is distinct from new.full_name_lower)
    execute function name_trigrams_changed()`.execute(db);
  await sql`create trigger name_trigrams_delete after delete on users for each row execute function name_trigrams_changed()`.execute(db);
  await fill(db);
  // The search picks the needle's rarest trigram from these statistics (users/trigram-frequencies.ts):
  // 2,000 most common values cover the trigrams of most names, the rest are rarer than all of them.
  await sql`alter table name_trigrams alter column trigram set statistics 2000`.execute(db);
  await sql`analyze name_trigrams`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  for (const name of ['name_trigrams_insert', 'name_trigrams_update', 'name_trigrams_delete']) {
    await sql`drop trigger ${sql.id(name)} on users`.execute(db);
  }
  await sql`drop function name_trigrams_changed()`.execute(db);
  await sql`drop function name_trigrams_inserted()`.execute(db);
  await sql`drop function name_trigrams_of(text, text)`.execute(db);
  await sql`drop table name_trigrams`.execute(db);
}

import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * PostgreSQL only: the timeline's primary key carries the reader's own marks beside each (reader, post)
 * (`include (reader_kinds, reader_favorite)`), so a feed page is one index-only range of the key instead
 * of the key plus a heap page per row, which on a large table lie all over it
 * (docs/decisions/feed-page-key.md). The key itself, not a second index: every post's fan-out writes
 * one index entry per timeline, as before. SQLite needs none of it: its timeline is clustered on that
 * key already (0003, `without rowid`).
 *
 * Done here only while the table is small: on 20 M rows the build took minutes, far past the statement
 * timeout migrations run under, holding off every post's fan-out meanwhile. A larger table keeps its
 * plain key (the feed works with either, only slower) and `npm run db:maintain` builds the covering one
 * concurrently and swaps it in (modules/posts/feed-page-key.ts).
 */
const SMALL_ROWS = 100_000;

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  // Counts no further than the threshold, so a large table costs this check a few milliseconds.
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from (select 1 from feed_items limit ${SMALL_ROWS + 1}) s`.execute(
    db,
  );
  if (Number(rows[0]?.n ?? 0) > SMALL_ROWS) return;
  await sql`alter table feed_items drop constraint feed_items_pk,
    add constraint feed_items_pk primary key (owner_id, post_id) include (reader_kinds, reader_favorite)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`alter table feed_items drop constraint feed_items_pk, add constraint feed_items_pk primary key (owner_id, post_id)`.execute(db);
}

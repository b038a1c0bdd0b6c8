import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * PostgreSQL only: a copy of each timeline's key with the reader's own marks beside it
 * (`feed_items_page_idx`), so a feed page is one index-only range scan instead of a range of the primary
 * key plus a heap page per row, which on a large table lie all over it (docs/decisions/feed-page-index.md).
 * SQLite needs none: its timeline is clustered on that key already (0003, `without rowid`).
 *
 * Built here only while the table is small: on 20 M rows the build took minutes, far past the statement
 * timeout migrations run under, and it would hold off every new post's fan-out meanwhile. A larger
 * table is left as it is (the feed works without the index, only slower) and `npm run db:maintain`
 * builds it concurrently. The definition is the one that command builds (modules/posts/feed-page-index.ts).
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
  // An invalid one, left by an interrupted concurrent build, would make `if not exists` keep it.
  await sql`drop index if exists feed_items_page_idx`.execute(db);
  await sql`create index feed_items_page_idx on feed_items (owner_id, post_id) include (reader_kinds, reader_favorite)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`drop index if exists feed_items_page_idx`.execute(db);
}

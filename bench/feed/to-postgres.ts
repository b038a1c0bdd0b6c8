/**
 * Moves a feed benchmark database built in SQLite (load.ts) into a migrated PostgreSQL database, so
 * both engines serve the same people, posts and graph. The source tables are copied in batches of
 * multi-row inserts; the timelines — by far the largest table — are derived inside PostgreSQL from the
 * posts and the friendships, exactly as load.ts derives them (own posts and friends' posts), with the
 * readers' marks from their reactions and favorites; their primary key is built after them. Foreign-key triggers are off for the session
 * (`session_replication_role = replica`): the data is consistent by construction.
 */
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { REACTION_TYPES } from '../../packages/contract/src/constants';

/** Copied in this order; anything else the loader leaves empty, and the timelines are derived. */
const TABLES = ['users', 'connections', 'posts', 'post_reactions', 'comments', 'post_favorites'];
/** PostgreSQL takes at most 65,535 parameters per statement. */
const MAX_PARAMETERS = 60_000;

export async function copyToPostgres(sqliteFile: string, pgUrl: string, log: (msg: string) => void): Promise<number> {
  const source = new SQLite(sqliteFile, { readonly: true });
  const target = new pg.Client({ connectionString: pgUrl });
  await target.connect();
  const started = Date.now();
  const step = (what: string) => log(`  postgres: ${what} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  try {
    await target.query('set session_replication_role = replica');
    for (const table of TABLES) {
      const columns = (source.prepare(`select name from pragma_table_info('${table}')`).all() as Array<{ name: string }>).map(
        (c) => c.name,
      );
      const perStatement = Math.min(2_000, Math.floor(MAX_PARAMETERS / columns.length));
      const head = `insert into ${table} (${columns.join(', ')}) values `;
      let batch: unknown[][] = [];
      let copied = 0;
      const flush = async () => {
        if (!batch.length) return;
        const tuples = batch.map((_, r) => `(${columns.map((__, c) => `$${r * columns.length + c + 1}`).join(', ')})`);
        await target.query(head + tuples.join(', '), batch.flat());
        copied += batch.length;
        batch = [];
      };
      for (const row of source
        .prepare(`select ${columns.join(', ')} from ${table}`)
        .raw()
        .iterate() as Iterable<unknown[]>) {
        batch.push(row);
        if (batch.length === perStatement) await flush();
      }
      await flush();
      step(`${copied.toLocaleString('en')} rows of ${table}`);
    }

    // Building the primary key once over all rows is far cheaper than keeping it through ~100 rows per post.
    // The key as the migrations left it: covering on a new database (0092), built again the same way.
    const key = (
      await target.query<{ def: string }>(
        "select pg_get_constraintdef(oid) as def from pg_constraint where conrelid = 'feed_items'::regclass and conname = 'feed_items_pk'",
      )
    ).rows[0]?.def;
    if (!key) throw new Error('feed_items has no primary key to rebuild.');
    await target.query('alter table feed_items drop constraint feed_items_pk');
    const timelines = await target.query(`
      insert into feed_items (owner_id, post_id)
      select author_id, id from posts
      union all
      select c.user_low, p.id from connections c join posts p on p.author_id = c.user_high where c.status = 'accepted'
      union all
      select c.user_high, p.id from connections c join posts p on p.author_id = c.user_low where c.status = 'accepted'`);
    step(`${(timelines.rowCount ?? 0).toLocaleString('en')} timeline rows`);
    await target.query(`set maintenance_work_mem = '1GB'`);
    await target.query(`alter table feed_items add constraint feed_items_pk ${key}`);
    step("the timelines' primary key");
    await target.query('insert into feed_sizes (owner_id, size) select owner_id, count(*) from feed_items group by owner_id');
    // A reader's kinds on a row are a bit set, bit i for REACTION_TYPES[i], as the reaction toggles keep them.
    await target.query(
      `update feed_items f set reader_kinds = m.kinds
       from (select user_id, post_id, bit_or(1 << (array_position($1::text[], kind) - 1)) as kinds
             from post_reactions group by user_id, post_id) m
       where f.owner_id = m.user_id and f.post_id = m.post_id`,
      [REACTION_TYPES],
    );
    await target.query(
      'update feed_items f set reader_favorite = 1 from post_favorites v where f.owner_id = v.user_id and f.post_id = v.post_id',
    );
    step('sizes and marks');
    await target.query('vacuum analyze');
    step('vacuum analyze');
    return timelines.rowCount ?? 0;
  } finally {
    source.close();
    await target.end();
  }
}

import { sql } from 'kysely';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories';
import { dialects } from '../../../test/harness';
import { useSameDatabase } from '../../../test/same-database';
import { createDb, type Db } from '../../db';
import { up as migrateCoveringKey } from '../../db/migrations/0092-covering-timeline-key';
import { registerDirectReads } from '../../db/prepared';
import { newId, nowIso } from '../../lib/ids';
import { main as dbMaintain } from '../../maintenance/db-maintain';
import { feedPageKeyState } from './feed-page-key';
import { feedPageRepo } from './feed-page-repo';
import { befriend, createPost } from './testing';
import { logLines } from '../../../test/log-lines';

/** The covering key is PostgreSQL's (migration 0092); SQLite's timeline is clustered on its key. */
const postgres = dialects().filter((d) => d === 'postgres');

/** Back to the key of migration 0003, as on a database whose timelines were too large for 0092. */
const plainKey = (db: Db) =>
  sql`alter table feed_items drop constraint feed_items_pk, add constraint feed_items_pk primary key (owner_id, post_id)`.execute(db);

/** A reader's timeline of `rows` rows for posts that are gone (reads skip them), for the planner to weigh. */
async function padTimeline(db: Db, owner: string, rows: number) {
  await sql`insert into feed_items (owner_id, post_id, reader_kinds, reader_favorite)
    select ${owner}, '0pad' || lpad(g::text, 8, '0'), 0, 0 from generate_series(1, ${rows}) g`.execute(db);
}

/**
 * The plan PostgreSQL keeps for a feed page as the server prepares it (a generic plan, db/index.ts):
 * the statement's text is taken from the page repo on a database whose direct reads only record it.
 */
async function pagePlan(db: Db, values: { reader: string; anchor: string; offset: number; now: string }): Promise<string> {
  const recorded: { text: string; parameters: readonly unknown[] }[] = [];
  registerDirectReads(db, {
    prepare: (text) => (parameters) => void recorded.push({ text, parameters }),
  });
  await feedPageRepo(db).readerAndPage(10, values);
  const page = recorded.find((r) => r.text.includes('feed_items'));
  if (!page) throw new Error('the feed page statement was not run');
  return db.connection().execute(async (session) => {
    await sql`prepare feed_page as ${sql.raw(page.text)}`.execute(session);
    await sql`set plan_cache_mode = force_generic_plan`.execute(session);
    const args = sql.join(page.parameters.map((p) => sql.lit(p)));
    const { rows } = await sql<{ 'QUERY PLAN': string }>`explain (costs off) execute feed_page(${args})`.execute(session);
    await sql`deallocate feed_page`.execute(session);
    await sql`reset plan_cache_mode`.execute(session);
    return rows.map((r) => r['QUERY PLAN']).join('\n');
  });
}

describe.each(postgres)('the covering timeline key on %s', (dialect) => {
  const shared = useSameDatabase(dialect);
  const opened: Db[] = [];
  const openDb = () => {
    const { db } = createDb(shared.config().database);
    opened.push(db);
    return db;
  };
  afterEach(async () => {
    for (const db of opened.splice(0)) await db.destroy();
  });

  it('is built by the migrations of a new database, and a feed page reads the timeline from the key alone', async () => {
    const app = await shared.start();
    const [reader, friend] = await Promise.all([createUser(app), createUser(app)]);
    await befriend(app, reader, friend);
    for (let i = 0; i < 3; i++) await createPost(app, friend, `post ${i}`);
    expect(await feedPageKeyState(app.ctx.db)).toBe('covering');

    const db = openDb();
    await padTimeline(db, reader.user._id, 20_000);
    await sql`vacuum analyze feed_items`.execute(db);
    const values = { reader: reader.user._id, anchor: newId(), offset: 0, now: nowIso() };
    expect(await pagePlan(db, values)).toMatch(/Index Only Scan Backward using feed_items_pk on feed_items/);

    await plainKey(db);
    const plain = await pagePlan(db, values);
    expect(plain).not.toMatch(/Index Only Scan Backward using feed_items_pk/);
    expect(plain).toMatch(/Index Scan Backward using feed_items_pk on feed_items/);
  });

  it('with the plain key, the feed reads the same pages', async () => {
    const app = await shared.start();
    const [reader, friend] = await Promise.all([createUser(app), createUser(app)]);
    await befriend(app, reader, friend);
    for (let i = 0; i < 3; i++) await createPost(app, friend, `post ${i}`);
    const values = { reader: reader.user._id, anchor: newId(), offset: 1, now: nowIso() };
    const pages = feedPageRepo(app.ctx.db);
    await dbMaintain(shared.env, () => {});
    expect(await feedPageKeyState(app.ctx.db)).toBe('covering');
    const covered = await pages.readerAndPage(2, values);
    expect(covered.rows).toHaveLength(2);
    await plainKey(app.ctx.db);
    expect(await feedPageKeyState(app.ctx.db)).toBe('plain');
    expect(await pages.readerAndPage(2, values)).toEqual(covered);
  });

  it('is left to db:maintain when the timelines are already large, and built by the migration when they are small', async () => {
    const app = await shared.start();
    const reader = await createUser(app);
    const db = app.ctx.db as unknown as Parameters<typeof migrateCoveringKey>[0];
    await plainKey(app.ctx.db);
    await padTimeline(app.ctx.db, reader.user._id, 100_001);
    await migrateCoveringKey(db);
    expect(await feedPageKeyState(app.ctx.db)).toBe('plain');
    await app.ctx.db.deleteFrom('feed_items').where('owner_id', '=', reader.user._id).execute();
    await migrateCoveringKey(db);
    expect(await feedPageKeyState(app.ctx.db)).toBe('covering');
  });

  it('a server started on the plain key warns and names the command; on the covering key it does not', async () => {
    const { lines, sink } = logLines<{ msg: string }>();
    const warnings = () => lines.map((l) => l.msg);
    const first = await shared.start();
    await plainKey(first.ctx.db);
    await first.close();
    const onPlain = await shared.start({}, { loggerInstance: pino({ level: 'warn' }, sink) });
    expect(warnings().filter((w) => w.includes('npm run db:maintain'))).toHaveLength(1);
    await onPlain.close();
    await dbMaintain(shared.env, () => {});
    await shared.start({}, { loggerInstance: pino({ level: 'warn' }, sink) });
    expect(warnings().filter((w) => w.includes('npm run db:maintain'))).toHaveLength(1);
  });

  it('db:maintain builds the covering key, leaves it alone once built, and finishes an interrupted build', async () => {
    const app = await shared.start();
    const reader = await createUser(app);
    await padTimeline(app.ctx.db, reader.user._id, 50);
    const db = app.ctx.db;
    const keyOid = async () => (await sql<{ oid: number }>`select to_regclass('feed_items_pk')::oid::int as oid`.execute(db)).rows[0]?.oid;
    const keyDefinition = async () =>
      (await sql<{ def: string }>`select pg_get_indexdef(to_regclass('feed_items_pk')) as def`.execute(db)).rows[0]?.def;
    const leftovers = async () =>
      (await sql<{ n: number }>`select count(*)::int as n from pg_indexes where tablename = 'feed_items'`.execute(db)).rows[0]?.n;

    await plainKey(db);
    const said: string[] = [];
    expect(await dbMaintain(shared.env, (line) => said.push(line))).toBe('built');
    expect(await feedPageKeyState(db)).toBe('covering');
    expect(await keyDefinition()).toContain('(owner_id, post_id) INCLUDE (reader_kinds, reader_favorite)');
    expect(await leftovers()).toBe(1);
    expect(said.join('\n')).toMatch(/Built feed_items_covering_key in [\d.]+ s/);

    const built = await keyOid();
    expect(await dbMaintain(shared.env, () => {})).toBe('already-built');
    expect(await keyOid()).toBe(built);

    // A concurrent build that failed part way leaves its index behind, invalid: never used, never finished.
    await plainKey(db);
    await expect(
      sql`create unique index concurrently feed_items_covering_key on feed_items ((1 / (reader_favorite * 0)))`.execute(db),
    ).rejects.toThrow(/division by zero/);
    expect(await feedPageKeyState(db)).toBe('interrupted');
    expect(await dbMaintain(shared.env, () => {})).toBe('rebuilt');
    expect(await feedPageKeyState(db)).toBe('covering');
    expect(await keyDefinition()).toContain('(owner_id, post_id) INCLUDE (reader_kinds, reader_favorite)');
    expect(await leftovers()).toBe(1);

    // Stopped after the build, before the swap: the built index is swapped in, not built again.
    await plainKey(db);
    await sql`create unique index feed_items_covering_key on feed_items (owner_id, post_id) include (reader_kinds, reader_favorite)`.execute(
      db,
    );
    const waiting = (await sql<{ oid: number }>`select to_regclass('feed_items_covering_key')::oid::int as oid`.execute(db)).rows[0]?.oid;
    expect(await feedPageKeyState(db)).toBe('built');
    const swapped: string[] = [];
    expect(await dbMaintain(shared.env, (line) => swapped.push(line))).toBe('built');
    expect(swapped.join('\n')).not.toMatch(/Building/);
    expect(await keyOid()).toBe(waiting);
    expect(await leftovers()).toBe(1);
  });
});

describe('db:maintain on SQLite', () => {
  const shared = useSameDatabase('sqlite');

  it('has nothing to build and says so', async () => {
    const said: string[] = [];
    expect(await dbMaintain(shared.env, (line) => said.push(line))).toBeNull();
    expect(said.join('\n')).toMatch(/nothing to maintain/);
  });
});

/**
 * User-search latency with many accounts: builds a fresh SQLite database in a temp directory,
 * bulk-inserts the users, starts the real server as it is served (its own process, production mode;
 * bench/lib/server-process.ts) on an ephemeral port, logs in and drives
 * GET /api/v1/search/users with autocannon for a few kinds of query. autocannon runs as its own
 * process, so the load generator does not share the server's event loop.
 *
 * Each query runs twice: with the one-second query cache (as served) and with it off
 * (SEARCH_CACHE_MS=0: every request reaches the database), plus a row cycling through many
 * different queries. `--database=postgres` runs on a fresh PostgreSQL database (dropped at the end).
 * A loaded database can be kept (`--keep-db=`: a SQLite file or a PostgreSQL database name, created and
 * loaded, left in place) and measured again later without loading (`--reuse-db=`, the same name);
 * `--load-only` stops after the load.
 *
 *   npx tsx bench/search/run.ts [--users=100000] [--duration=10] [--connections=10] [--database=sqlite|postgres]
 *     [--keep-db=/work/keep/search-100k.sqlite | --reuse-db=search_100k] [--load-only]
 *   (or USERS=…, DURATION=…, CONNECTIONS=…, DATABASE=… in the environment; PG_URL names the server)
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import pg from 'pg';
import path from 'node:path';
import { loadConfig, createDb, migrateToLatest } from '../../apps/server/src/for-benchmarks';
import { bearerFor, cannon, cannonRequests, option, type CannonResult } from '../lib/load-tools';
import { startServer, type ServerProcess } from '../lib/server-process';
import { analyze, BENCH_USER, loadPeople, PASSWORD } from './people';
import { manyQueries, QUERIES } from './queries';

const text = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const USERS = option('users', 100_000);
const DURATION = option('duration', 10);
const CONNECTIONS = option('connections', 10);
const DATABASE = (text('database') ?? process.env.DATABASE ?? 'sqlite') as 'sqlite' | 'postgres';
const KEEP_DB = text('keep-db');
const REUSE_DB = text('reuse-db');
const LOAD_ONLY = process.argv.includes('--load-only');
const PG_URL = process.env.PG_URL ?? 'postgres://postgres@127.0.0.1:5432';
/** A statement of the load (a vacuum, a migration's fill) may take minutes at 1,000,000 people. */
const LOAD_TIMEOUTS = { poolSize: 4, connectMs: 10_000, statementMs: 30 * 60_000, idleInTransactionMs: 60_000 };
const hit = (url: string, authorization: string) => cannon(url, { authorization, connections: CONNECTIONS, duration: DURATION });
const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

/** What the server costs per request, and the machine's load, beside autocannon's figures. */
async function measure(server: ServerProcess, run: () => Promise<CannonResult>) {
  const cpuBefore = await server.cpuMicros();
  const r = await run();
  const cpu = Math.round(((await server.cpuMicros()) - cpuBefore) / Math.max(1, r.requests.total));
  return { r, cpu, load: loadavg()[0].toFixed(1) };
}

/** Where the people live: a fresh database removed at the end, or a kept one (`--keep-db`, `--reuse-db`). */
async function openTarget() {
  if (KEEP_DB && REUSE_DB) throw new Error('Give --keep-db or --reuse-db, not both.');
  const kept = KEEP_DB ?? REUSE_DB;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'plaza-bench-search-'));
  const pgName = kept ?? `plaza_bench_search_${process.pid}`;
  if (DATABASE === 'postgres' && !/^[a-z_][a-z0-9_]*$/.test(pgName)) throw new Error(`Not a database name: ${pgName}`);
  const admin = DATABASE === 'postgres' ? new pg.Client({ connectionString: `${PG_URL}/postgres` }) : null;
  await admin?.connect();
  const exists = admin
    ? ((await admin.query('select 1 from pg_database where datname = $1', [pgName])).rowCount ?? 0) > 0
    : kept !== undefined && existsSync(kept);
  if (KEEP_DB && exists) throw new Error(`${KEEP_DB} exists already: measure it with --reuse-db=${KEEP_DB}, or remove it first.`);
  if (REUSE_DB && !exists) throw new Error(`${REUSE_DB} does not exist: load it once with --keep-db=${REUSE_DB}.`);
  if (admin && !REUSE_DB) await admin.query(`create database ${pgName}`);
  const databaseUrl = admin ? `${PG_URL}/${pgName}` : kept ? `sqlite:${path.resolve(kept)}` : undefined;
  return {
    dataDir,
    databaseUrl,
    fresh: !REUSE_DB,
    async remove() {
      rmSync(dataDir, { recursive: true, force: true });
      if (admin && !kept) await admin.query(`drop database if exists ${pgName} with (force)`);
      await admin?.end();
    },
  };
}

async function main() {
  const target = await openTarget();
  const env = (cacheMs: number): Record<string, string> => ({
    DATA_DIR: target.dataDir,
    WEB_DIST: path.join(target.dataDir, 'no-web'),
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
    SEARCH_CACHE_MS: String(cacheMs),
    ...(target.databaseUrl ? { DATABASE_URL: target.databaseUrl } : {}),
  });
  const servers: ServerProcess[] = [];
  try {
    const started = Date.now();
    // The load's own connections: its vacuum of a million people's indexes outlasts a request's timeouts.
    const { db } = createDb(loadConfig(env(0)).database, undefined, LOAD_TIMEOUTS);
    await migrateToLatest(db);
    let users = USERS;
    if (target.fresh) {
      await loadPeople(db, USERS, DATABASE === 'postgres');
      console.log(`${DATABASE}: inserted ${USERS.toLocaleString('en')} users in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
    } else {
      // A migration added since the load may have rebuilt an index: the planner gets fresh statistics.
      await analyze(db, DATABASE === 'postgres');
      const { n } = await db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      users = Number(n);
      console.log(
        `${DATABASE}: reusing ${users.toLocaleString('en')} users (migrated and analysed in ${((Date.now() - started) / 1000).toFixed(1)} s).`,
      );
    }
    await db.destroy();
    if (LOAD_ONLY) return;

    const cached = await startServer(env(1000), 'search-cache-on');
    servers.push(cached);
    const uncached = await startServer(env(0), 'search-cache-off');
    servers.push(uncached);
    const authorization = await bearerFor(cached.origin, BENCH_USER, PASSWORD);
    const headers = { authorization };
    // Warms both servers' JIT and the database's page cache before anything is measured.
    for (const s of servers)
      await cannon(`${s.origin}/api/v1/search/users?query=mar`, { authorization, connections: CONNECTIONS, duration: 2 });

    const results: string[] = [];
    const print = (line: string, note = '') => {
      console.log(`${line}${note ? `   ${note}` : ''}`);
      results.push(line);
    };
    console.log(`load average before: ${load()}`);
    const trivial = await measure(cached, () => hit(`${cached.origin}/healthz`, authorization));
    // The floor under every row: an authenticated request that reads one user by primary key.
    const floor = await measure(cached, () => hit(`${cached.origin}/api/v1/users/me`, authorization));
    const share = (rps: number) => `${Math.round((100 * rps) / floor.r.requests.average)} %`;
    const cells = (m: Awaited<ReturnType<typeof measure>>) =>
      `${Math.round(m.r.requests.average)} | ${share(m.r.requests.average)} | ${m.r.latency.p50} | ${m.r.latency.p99} | ${m.cpu} | ${m.r.non2xx + m.r.errors} | ${m.load}`;
    print(`| trivial: \`GET /healthz\` | — | — | ${cells(trivial)} |`);
    print(`| baseline: \`GET /users/me\` | — | 1 | ${cells(floor)} |`);
    for (const q of QUERIES) {
      for (const [cache, server] of [
        ['1 s', cached],
        ['off', uncached],
      ] as const) {
        const url = `${server.origin}/api/v1/search/users?query=${encodeURIComponent(q.query)}`;
        const probe = (await (await fetch(url, { headers })).json()) as { users: unknown[] };
        const m = await measure(server, () => hit(url, authorization));
        print(`| ${q.label} (\`${q.query}\`) | ${cache} | ${probe.users.length} | ${cells(m)} |`, q.note);
      }
    }
    const mix = manyQueries(500).map((query) => ({ path: `/api/v1/search/users?query=${encodeURIComponent(query)}`, headers }));
    for (const [cache, server] of [
      ['1 s', cached],
      ['off', uncached],
    ] as const) {
      const m = await measure(server, () => cannonRequests(server.origin, mix, { connections: CONNECTIONS, duration: DURATION }));
      print(`| 500 different 3–5 letter queries in turn | ${cache} | — | ${cells(m)} |`);
    }
    console.log(`load average after: ${load()}`);
    console.log(`\n${DATABASE}, ${users.toLocaleString('en')} users, ${CONNECTIONS} connections, ${DURATION} s per query\n`);
    console.log('| Query | Cache | Results | Req/s | of baseline | p50 (ms) | p99 (ms) | Server CPU µs/req | Errors | Load |');
    console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|---:|');
    for (const line of results) console.log(line);
  } finally {
    for (const s of servers) await s.stop();
    await target.remove();
  }
}

await main();

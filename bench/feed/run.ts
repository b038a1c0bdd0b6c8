/**
 * Home-feed throughput and latency at scale: builds a fresh SQLite database in a temp directory
 * (people, friendships, posts, reactions, comments, timelines), starts the real server as it is served
 * (its own process, production mode; bench/lib/server-process.ts) on an ephemeral port and drives it with autocannon in its own process: the trivial `/healthz`, the authenticated
 * `/users/me`, page 1 and page 5 of one reader's feed, and page 1 of a thousand different readers'
 * feeds (each connection cycling through their tokens). Every endpoint is measured in several rounds,
 * taken in turn, and the table gives the median round, so a passing slowdown of the machine moves every
 * row alike. The feed passes when it keeps at least 25% of the trivial endpoint's throughput with a p99
 * under 50 ms.
 *
 *   npx tsx bench/feed/run.ts [--users=10000] [--posts=200000] [--friends=100] [--readers=1000]
 *                             [--duration=10] [--rounds=3] [--connections=50] [--database=sqlite|postgres]
 *                             [--only=me,page1,page5,readers] (the trivial row is always measured)
 *                             [--versus=../other-checkout] (its server measured too, round by round beside this one)
 *                             [--bare] (bare-server.ts measured too: Fastify alone answering `/healthz`'s bytes and page 1's)
 *   (or USERS=…, POSTS=…, FRIENDS=…, READERS=…, DURATION=…, ROUNDS=…, CONNECTIONS=…, DATABASE=… in the environment)
 *
 * `--database=postgres` builds the same data, moves it into a fresh PostgreSQL database on PG_URL
 * (default postgres://postgres@127.0.0.1:5432; dropped at the end) and serves the feed from there.
 */
import SQLite from 'better-sqlite3';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import pg from 'pg';
import path from 'node:path';
import {
  loadConfig,
  createDb,
  migrateToLatest,
  newId,
  nowIso,
  hashPassword,
  TokenSigner,
  feedPageKeyState,
} from '../../apps/server/src/for-benchmarks';
import { load } from './load';
import { postgresCpu, usedBetween } from './pg-cpu';
import { keptChoice, readNote, writeNote, type KeptNote } from './kept-data';
import { copyToPostgres } from './to-postgres';
import { bearerFor, cannon, cannonRequests, option, type CannonRequest, type CannonResult } from '../lib/load-tools';
import { startServer, type ServerProcess } from '../lib/server-process';

const USERS = option('users', 10_000);
const POSTS = option('posts', 200_000);
const FRIENDS = option('friends', 100);
const READERS = Math.min(option('readers', 1000), USERS);
const DURATION = option('duration', 10);
const ROUNDS = option('rounds', 3);
const CONNECTIONS = option('connections', 50);
const PASSWORD = 'bench-password-123';
/** `--only=me,page1` measures just those rows (and the trivial one, which every share is taken against). */
const ONLY = process.argv
  .find((a) => a.startsWith('--only='))
  ?.split('=')[1]
  .split(',');
const TARGET = { share: 0.25, p99Ms: 50 };
/** `--versus=DIR`: also measures the server of the Plaza checkout in DIR, round by round beside this one. */
const VERSUS = process.argv.find((a) => a.startsWith('--versus='))?.split('=')[1];
/** `--without=feedPageCache,postJsonCache`: also measures this checkout with those fast paths off (an A/B). */
const WITHOUT = process.argv.find((a) => a.startsWith('--without='))?.split('=')[1];
/** `--bare`: also measures the bare baseline (bare-server.ts) answering `/healthz`'s bytes and a page 1's. */
const BARE = process.argv.includes('--bare');
const DATABASE = process.argv.find((a) => a.startsWith('--database='))?.split('=')[1] ?? process.env.DATABASE ?? 'sqlite';
const PG_URL = process.env.PG_URL ?? 'postgres://postgres@127.0.0.1:5432';
const here = path.dirname(new URL(import.meta.url).pathname);
const loadAverage = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

/**
 * A copy of the SQLite database for the checkout in `checkout`, in a data directory of its own, whose list of
 * run migrations holds only those that checkout has: an older server's migrator stops at a run migration it
 * does not know. The tables and columns later migrations added stay, unread by the older code.
 */
function databaseFor(checkout: string, sqliteFile: string, env: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'plaza-bench-feed-versus-'));
  const copy = loadConfig({ ...env, DATA_DIR: dir }).database;
  if (copy.kind !== 'sqlite') throw new Error('The copy for --versus is a SQLite database.');
  const index = readFileSync(path.join(checkout, 'apps/server/src/db/migrations/index.ts'), 'utf8');
  const known = [...index.matchAll(/^\s*'(\d{4}-[\w-]+)':/gm)].map((m) => m[1]);
  const source = new SQLite(sqliteFile);
  source.exec(`vacuum into '${copy.file.replaceAll("'", "''")}'`);
  source.close();
  const target = new SQLite(copy.file);
  target.prepare(`delete from kysely_migration where name not in (${known.map(() => '?').join(', ')})`).run(...known);
  target.close();
  console.log(`${checkout}: a copy of the database with its ${known.length} migrations.`);
  return dir;
}

interface Target {
  /** What `--only=` names it by. */
  key: string;
  label: string;
  /** Held to the target. */
  feed: boolean;
  run(duration: number): Promise<CannonResult>;
}

interface Measured {
  r: CannonResult;
  /** Server CPU time per request, µs (the server's own process). */
  cpu: number;
  /** PostgreSQL's CPU time per request, µs (its backends serving the benchmark's database); null on SQLite. */
  dbCpu: number | null;
  share: number;
  /** The machine's one-minute load average when the round of this endpoint ended. */
  load: number;
}

interface Version {
  name: string;
  server: ServerProcess;
  targets: Target[];
}

const feedPath = (name: string) => `/api/v1/posts/${name}/feeds`;

/** The endpoints measured on the server at `origin` (those `--only=` names, and always the trivial one). */
async function targetsOf(origin: string, readerName: string, readers: CannonRequest[]): Promise<Target[]> {
  const authorization = await bearerFor(origin, readerName, PASSWORD);
  const first = (await (await fetch(`${origin}${feedPath(readerName)}?page=1&limit=10`, { headers: { authorization } })).json()) as {
    data: { feeds: unknown[]; totalCount: number; anchor: string };
  };
  console.log(`The reader's feed holds ${first.data.totalCount.toLocaleString('en')} posts; page 1 has ${first.data.feeds.length}.`);
  const hit = (url: string) => (duration: number) => cannon(url, { authorization, connections: CONNECTIONS, duration });
  const every: Target[] = [
    { key: 'healthz', label: 'trivial JSON: `GET /healthz`', feed: false, run: hit(`${origin}/healthz`) },
    { key: 'me', label: 'authenticated floor: `GET /api/v1/users/me`', feed: false, run: hit(`${origin}/api/v1/users/me`) },
    {
      key: 'page1',
      label: 'feed page 1: `GET /api/v1/posts/{me}/feeds?page=1&limit=10`',
      feed: true,
      run: hit(`${origin}${feedPath(readerName)}?page=1&limit=10`),
    },
    {
      key: 'page5',
      label: 'feed page 5 (with the anchor of page 1)',
      feed: true,
      run: hit(`${origin}${feedPath(readerName)}?page=5&limit=10&anchor=${first.data.anchor}`),
    },
    {
      key: 'readers',
      label: `feed page 1 of ${readers.length.toLocaleString('en')} different readers`,
      feed: true,
      run: (duration) => cannonRequests(origin, readers, { connections: CONNECTIONS, duration }),
    },
  ];
  return every.filter((t) => t.key === 'healthz' || !ONLY || ONLY.includes(t.key));
}

const median = <T>(xs: T[], by: (x: T) => number): T => [...xs].sort((a, b) => by(a) - by(b))[Math.floor(xs.length / 2)];

/** A kept PostgreSQL database whose build did not finish (the build's last step is its VACUUM) is not measured. */
async function checkBuilt(url: string, name: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ done: boolean }>(
      "select last_vacuum is not null as done from pg_stat_user_tables where relname = 'feed_items'",
    );
    if (!rows[0]?.done)
      throw new Error(
        `The PostgreSQL database ${name} is not completely built (still building, or stopped). Wait for its build, or drop it (dropdb -h 127.0.0.1 -U postgres ${name}) and run this again to copy the kept SQLite build into it.`,
      );
  } finally {
    await client.end();
  }
}

async function main() {
  const kept = keptChoice();
  const dataDir = kept?.dataDir ?? mkdtempSync(path.join(tmpdir(), 'plaza-bench-feed-'));
  const env: Record<string, string> = {
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    WEB_DIST: path.join(dataDir, 'no-web'),
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
  };
  const built = loadConfig(env);
  if (built.database.kind !== 'sqlite') throw new Error('The feed bench builds its own SQLite database first.');
  const sqliteFile = built.database.file;
  const pgName = kept?.name ?? `plaza_bench_feed_${process.pid}`;
  const admin = DATABASE === 'postgres' ? new pg.Client({ connectionString: `${PG_URL}/postgres` }) : null;
  /** The other checkout's copy of the database (`--versus` on SQLite). */
  let versusDir: string | null = null;
  try {
    let loaded: KeptNote;
    if (kept?.reuse) {
      loaded = readNote(dataDir);
      console.log(`Reusing ${dataDir}: ${loaded.users.toLocaleString('en')} people, ${loaded.posts.toLocaleString('en')} posts.`);
    } else {
      console.log(`Building ${USERS.toLocaleString('en')} people, ${FRIENDS} friends each, ${POSTS.toLocaleString('en')} posts…`);
      rmSync(sqliteFile, { force: true });
      const schema = createDb(built.database);
      await migrateToLatest(schema.db);
      await schema.db.destroy();
      const started = Date.now();
      const result = load(
        { file: sqliteFile, users: USERS, posts: POSTS, friends: FRIENDS, passwordHash: await hashPassword(PASSWORD) },
        console.log,
      );
      loaded = { users: USERS, posts: POSTS, friends: FRIENDS, ...result };
      console.log(`SQLite build: ${((Date.now() - started) / 60_000).toFixed(1)} min (load average ${loadAverage()})`);
      if (kept) writeNote(dataDir, loaded);
    }
    let config = built;
    if (admin) {
      await admin.connect();
      env.DATABASE_URL = `${PG_URL}/${pgName}`;
      config = loadConfig(env);
      if (config.database.kind !== 'postgres') throw new Error('PG_URL must be a postgres:// address.');
      const exists = (await admin.query('select 1 from pg_database where datname = $1', [pgName])).rowCount;
      if (kept?.reuse && exists) await checkBuilt(config.database.url, pgName);
      if (!kept?.reuse || !exists) {
        // A kept SQLite build moves into a PostgreSQL database of the same name the first time it is asked for.
        await admin.query(`drop database if exists ${pgName} with (force)`);
        await admin.query(`create database ${pgName}`);
        const pgSchema = createDb(config.database);
        await migrateToLatest(pgSchema.db);
        await pgSchema.db.destroy();
        const started = Date.now();
        await copyToPostgres(sqliteFile, config.database.url, console.log);
        console.log(`PostgreSQL build: ${((Date.now() - started) / 60_000).toFixed(1)} min (load average ${loadAverage()})`);
      }
    }

    if (process.argv.includes('--build-only')) return;

    // Many readers: sessions written straight in, tokens signed as login would sign them.
    const signer = new TokenSigner(config.jwtSecret, 4 * 3600);
    const readers: CannonRequest[] = [];
    const direct = createDb(config.database);
    // Sessions a previous run of a kept database left behind.
    await direct.db.deleteFrom('sessions').where('user_agent', '=', 'bench').execute();
    const people = await direct.db.selectFrom('users').select(['id', 'user_name']).orderBy('id').limit(READERS).execute();
    for (const p of people) {
      const sessionId = newId();
      await direct.db
        .insertInto('sessions')
        .values({ id: sessionId, user_id: p.id, created_at: nowIso(), revoked_at: null, user_agent: 'bench' })
        .execute();
      readers.push({
        path: `${feedPath(p.user_name)}?page=1&limit=10`,
        headers: { authorization: `Bearer ${await signer.sign({ userId: p.id, sessionId })}` },
      });
    }
    // Covering (index-only feed pages) on a database built from the migrations; plain on one built before 0092.
    if (direct.dialect === 'postgres') console.log(`PostgreSQL timeline key: ${await feedPageKeyState(direct.db)}.`);
    await direct.db.destroy();

    const server = await startServer(env, `feed-${DATABASE}`);
    if (VERSUS && !admin) versusDir = databaseFor(VERSUS, sqliteFile, env);
    const versusEnv = versusDir ? { ...env, DATA_DIR: versusDir } : env;
    const other = VERSUS ? await startServer(versusEnv, `feed-${DATABASE}-versus`, { checkout: VERSUS }) : null;
    const without = WITHOUT
      ? await startServer({ ...env, PLAZA_TEST_OVERRIDES: JSON.stringify({ without: WITHOUT.split(',') }) }, `feed-${DATABASE}-without`)
      : null;
    let bare: ServerProcess | null = null;
    const dbCpu = admin ? postgresCpu(admin, pgName) : null;
    try {
      const versions: Version[] = [];
      for (const [name, s] of [
        ['this checkout', server],
        [VERSUS, other],
        [WITHOUT && `without ${WITHOUT}`, without],
      ] as const) {
        if (s) versions.push({ name: name ?? '', server: s, targets: await targetsOf(s.origin, loaded.readerName, readers) });
      }
      if (BARE) {
        const authorization = await bearerFor(server.origin, loaded.readerName, PASSWORD);
        const page = await fetch(`${server.origin}${feedPath(loaded.readerName)}?page=1&limit=10`, { headers: { authorization } });
        const bodyFile = path.join(dataDir, 'bare-page.json');
        writeFileSync(bodyFile, Buffer.from(await page.arrayBuffer()));
        bare = await startServer({ BODY_FILE: bodyFile }, 'feed-bare', { script: path.join(here, 'bare-server.ts') });
        const hit = (url: string) => (duration: number) => cannon(url, { authorization: 'none', connections: CONNECTIONS, duration });
        versions.push({
          name: 'bare Fastify (baseline)',
          server: bare,
          targets: [
            { key: 'healthz', label: "bare: `/healthz`'s bytes", feed: false, run: hit(`${bare.origin}/small`) },
            {
              key: 'page',
              label: `bare: page 1's bytes (${statSync(bodyFile).size.toLocaleString('en')} B)`,
              feed: false,
              run: hit(`${bare.origin}/page`),
            },
          ].slice(0, versions[0].targets.length),
        });
      }
      // Warms the JIT and the database's page cache before anything is measured.
      for (const v of versions) for (const t of v.targets) await t.run(2);
      console.log(`load average before: ${loadAverage()}`);

      // Each round measures every endpoint on every version back to back, so a slower minute of the machine moves them alike.
      const rounds: Measured[][][] = versions.map(() => []);
      for (let round = 1; round <= ROUNDS; round++) {
        const measured: Measured[][] = versions.map(() => []);
        for (const [i] of versions[0].targets.entries()) {
          for (const [vi, v] of versions.entries()) {
            const t = v.targets[i];
            if (!t) continue;
            const dbBefore = await dbCpu?.();
            const before = await v.server.cpuMicros();
            const r = await t.run(DURATION);
            const used = (await v.server.cpuMicros()) - before;
            const dbUsed = dbBefore && dbCpu ? usedBetween(dbBefore, await dbCpu()) : null;
            measured[vi].push({
              r,
              cpu: used / Math.max(1, r.requests.total),
              dbCpu: dbUsed === null ? null : dbUsed / Math.max(1, r.requests.total),
              load: loadavg()[0],
              share: r.requests.average / (measured[vi][0]?.r.requests.average ?? r.requests.average),
            });
          }
        }
        for (const [vi, v] of versions.entries()) {
          rounds[vi].push(measured[vi]);
          const prefix = versions.length > 1 ? `${v.name}: ` : '';
          console.log(
            `round ${round}: ${prefix}${v.targets.map((t, i) => `${t.label.split(':')[0]} ${Math.round(measured[vi][i].r.requests.average)} req/s (${Math.round(measured[vi][i].share * 100)}%, ${Math.round(measured[vi][i].cpu)} µs)`).join('; ')}`,
          );
        }
      }

      console.log(`load average after: ${loadAverage()}`);
      console.log(
        `\n${DATABASE}: ${loaded.users.toLocaleString('en')} people, ${loaded.friends} friends each, ${loaded.posts.toLocaleString('en')} posts, ${loaded.timelineRows.toLocaleString('en')} timeline rows; ` +
          `${CONNECTIONS} connections, ${ROUNDS} rounds of ${DURATION} s per endpoint, median round shown\n`,
      );
      console.log(
        `| Endpoint | Req/s | p50 (ms) | p99 (ms) | Share of trivial | Shares per round | Server CPU/request (µs) |${admin ? ' PostgreSQL CPU/request (µs) |' : ''} Errors | Load |`,
      );
      console.log(`|---|---:|---:|---:|---:|---:|---:|${admin ? '---:|' : ''}---:|---:|`);
      let pass = true;
      for (const [vi, v] of versions.entries()) {
        if (versions.length > 1) console.log(`| **${v.name}** | | | | | | |${admin ? ' |' : ''} | |`);
        for (const [i, t] of v.targets.entries()) {
          const all = rounds[vi].map((m) => m[i]);
          // The trivial row's median round by throughput, every other row's by its share of the trivial one.
          const { r, cpu, dbCpu: db, share, load } = median(all, (m) => (i === 0 ? m.r.requests.average : m.share));
          const errors = all.reduce((n, m) => n + m.r.non2xx + m.r.errors, 0);
          const worstP99 = Math.max(...all.map((m) => m.r.latency.p99));
          // Only this checkout is held to the target; the other is there to be compared with.
          if (t.feed && vi === 0) pass &&= share >= TARGET.share && worstP99 < TARGET.p99Ms && errors === 0;
          const shares = all.map((m) => `${Math.round(m.share * 100)}%`).join(' · ');
          console.log(
            `| ${t.label} | ${Math.round(r.requests.average)} | ${r.latency.p50} | ${r.latency.p99} | ${Math.round(share * 100)}% | ${shares} | ${Math.round(cpu)} |${db === null ? '' : ` ${Math.round(db)} |`} ${errors} | ${load.toFixed(1)} |`,
          );
        }
      }
      const bareAt = versions.findIndex((v) => v.server === bare);
      const page1At = versions[0].targets.findIndex((t) => t.key === 'page1');
      if (bareAt > 0 && page1At > 0) {
        // Each round's feed page 1 against the bare answer of the same bytes measured right beside it.
        const ratios = rounds[0].map((m, round) => m[page1At].r.requests.average / rounds[bareAt][round][1].r.requests.average);
        const cpus = rounds[0].map((m, round) => m[page1At].cpu - rounds[bareAt][round][1].cpu);
        console.log(
          `\nFeed page 1 against the bare answer of its bytes: ${Math.round(median(ratios, (x) => x) * 100)}% of its req/s (per round ${ratios.map((x) => `${Math.round(x * 100)}%`).join(' · ')}); ` +
            `Plaza's own work ${Math.round(median(cpus, (x) => x))} µs a page beyond the bare answer's.`,
        );
      }
      console.log(
        `\nTarget (every feed row: median share ≥ ${TARGET.share * 100}% of trivial, p99 < ${TARGET.p99Ms} ms in every round): ${pass ? 'met' : 'MISSED'}`,
      );
      if (!pass) process.exitCode = 1;
    } finally {
      await server.stop();
      await other?.stop();
      await without?.stop();
      await bare?.stop();
    }
  } finally {
    if (!kept) rmSync(dataDir, { recursive: true, force: true });
    if (versusDir) rmSync(versusDir, { recursive: true, force: true });
    if (admin) {
      if (!kept) await admin.query(`drop database if exists ${pgName} with (force)`).catch(() => {});
      await admin.end();
    }
  }
}

await main();

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
 *
 *   npx tsx bench/search/run.ts [--users=100000] [--duration=10] [--connections=10] [--database=sqlite|postgres]
 *   (or USERS=…, DURATION=…, CONNECTIONS=…, DATABASE=… in the environment; PG_URL names the server)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import pg from 'pg';
import path from 'node:path';
import { sql } from 'kysely';
import { loadConfig } from '../../apps/server/src/config';
import { createDb, migrateToLatest } from '../../apps/server/src/db';
import { newId } from '../../apps/server/src/lib/ids';
import { hashPassword } from '../../apps/server/src/modules/auth/passwords';
import type { UserRow } from '../../apps/server/src/modules/users/repo';
import { bearerFor, cannon, cannonRequests, option, type CannonResult } from '../lib/load-tools';
import { startServer, type ServerProcess } from '../lib/server-process';

const USERS = option('users', 100_000);
const DURATION = option('duration', 10);
const CONNECTIONS = option('connections', 10);
const DATABASE = (process.argv.find((a) => a.startsWith('--database='))?.split('=')[1] ?? process.env.DATABASE ?? 'sqlite') as
  'sqlite' | 'postgres';
const PG_URL = process.env.PG_URL ?? 'postgres://postgres@127.0.0.1:5432';
const hit = (url: string, authorization: string) => cannon(url, { authorization, connections: CONNECTIONS, duration: DURATION });
const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

const FIRST = [
  'Amara',
  'Liam',
  'Sofia',
  'Noah',
  'Mei',
  'Lucas',
  'Zara',
  'Mateo',
  'Aisha',
  'Ethan',
  'Yuki',
  'Omar',
  'Chloe',
  'Ravi',
  'Elena',
  'Kofi',
  'Ines',
  'Jonas',
  'Priya',
  'Diego',
  'Hana',
  'Felix',
  'Leila',
  'Marco',
  'Nadia',
  'Tomas',
  'Grace',
  'Arjun',
  'Freya',
  'Samuel',
  'Lina',
  'Kenji',
  'Maya',
  'Hugo',
  'Sara',
  'Ibrahim',
  'Nora',
  'Pablo',
  'Anya',
  'Theo',
  'Rosa',
  'Emeka',
  'Clara',
  'Viktor',
  'Jade',
  'Malik',
  'Ingrid',
  'Luca',
  'Tara',
  'Mark',
  'Maria',
  'Martin',
];
const LAST = [
  'Okafor',
  'Bennett',
  'Rossi',
  'Kim',
  'Chen',
  'Silva',
  'Haddad',
  'Garcia',
  'Khan',
  'Walker',
  'Tanaka',
  'Farouk',
  'Dubois',
  'Patel',
  'Novak',
  'Mensah',
  'Costa',
  'Berg',
  'Sharma',
  'Romero',
  'Sato',
  'Wagner',
  'Nasser',
  'Bianchi',
  'Petrova',
  'Lindqvist',
  'Hughes',
  'Iyer',
  'Larsen',
  'Adeyemi',
  'Moreau',
  'Svensson',
  'Nakamura',
  'Oyelaran',
  'Fischer',
];

/** The queries measured: what each exercises, and the query string. */
const QUERIES = [
  { label: 'prefix, many matches', query: 'mar', note: 'user-name and full-name indexes fill the 20 at once' },
  { label: 'prefix of a surname', query: 'lindq', note: 'rest-of-name expression index' },
  { label: 'substring only', query: 'dqvi', note: 'no prefix hit: trigram candidates, all ranked, best 20 kept' },
  { label: 'no match at all', query: 'zzqx', note: 'three empty index ranges and an empty trigram lookup' },
];

const PASSWORD = 'bench-password-123';

/** Substrings of three to five letters taken from the names, so that most of them match somebody. */
function manyQueries(count: number): string[] {
  const names = [...FIRST, ...LAST].map((n) => n.toLowerCase());
  return Array.from({ length: count }, (_, i) => {
    const name = names[(i * 7) % names.length];
    const len = 3 + (i % 3);
    const at = i % Math.max(1, name.length - len + 1);
    return name.slice(at, at + len);
  });
}

/** What the server costs per request, and the machine's load, beside autocannon's figures. */
async function measure(server: ServerProcess, run: () => Promise<CannonResult>) {
  const cpuBefore = await server.cpuMicros();
  const r = await run();
  const cpu = Math.round(((await server.cpuMicros()) - cpuBefore) / Math.max(1, r.requests.total));
  return { r, cpu, load: loadavg()[0].toFixed(1) };
}

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'plaza-bench-search-'));
  const pgName = `plaza_bench_search_${process.pid}`;
  const admin = DATABASE === 'postgres' ? new pg.Client({ connectionString: `${PG_URL}/postgres` }) : null;
  if (admin) {
    await admin.connect();
    await admin.query(`create database ${pgName}`);
  }
  const env = (cacheMs: number): Record<string, string> => ({
    DATA_DIR: dataDir,
    WEB_DIST: path.join(dataDir, 'no-web'),
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
    SEARCH_CACHE_MS: String(cacheMs),
    ...(admin ? { DATABASE_URL: `${PG_URL}/${pgName}` } : {}),
  });
  const servers: ServerProcess[] = [];
  try {
    const started = Date.now();
    const { db } = createDb(loadConfig(env(0)).database);
    await migrateToLatest(db);
    const hash = await hashPassword(PASSWORD);
    const base = Date.now() - 365 * 86_400_000;
    const row = (i: number): UserRow => {
      const first = FIRST[i % FIRST.length];
      const last = LAST[Math.floor(i / FIRST.length) % LAST.length];
      const userName = i === 0 ? 'bench_user' : `${first}.${last}${i}`;
      const fullName = i === 0 ? 'Bench User' : `${first} ${last}`;
      const at = new Date(base + i * 300_000).toISOString();
      return {
        id: newId(),
        user_name: userName,
        user_name_lower: userName.toLowerCase(),
        full_name: fullName,
        full_name_lower: fullName.toLowerCase(),
        email: `${userName.toLowerCase()}@bench.example`,
        role: 'member',
        suspended_until: null,
        user_bio: null,
        avatar_url: null,
        avatar_thumb_url: null,
        password_hash: hash,
        created_at: at,
        updated_at: at,
        email_verified_at: at,
        deleted_at: null,
      };
    };
    const BATCH = 1000;
    for (let from = 0; from < USERS; from += 10 * BATCH) {
      await db.transaction().execute(async (trx) => {
        for (let i = from; i < Math.min(USERS, from + 10 * BATCH); i += BATCH) {
          const rows = Array.from({ length: Math.min(BATCH, USERS - i) }, (_, k) => row(i + k));
          await trx.insertInto('users').values(rows).execute();
        }
      });
      if ((from / (10 * BATCH)) % 20 === 19) console.log(`  ${(from + 10 * BATCH).toLocaleString('en')} users…`);
    }
    await sql`${sql.raw(admin ? 'vacuum analyze users' : 'analyze')}`.execute(db);
    await db.destroy();
    console.log(`${DATABASE}: inserted ${USERS.toLocaleString('en')} users in ${((Date.now() - started) / 1000).toFixed(1)} s.`);

    const cached = await startServer(env(1000), 'search-cache-on');
    servers.push(cached);
    const uncached = await startServer(env(0), 'search-cache-off');
    servers.push(uncached);
    const authorization = await bearerFor(cached.origin, 'bench_user', PASSWORD);
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
    console.log(`\n${DATABASE}, ${USERS.toLocaleString('en')} users, ${CONNECTIONS} connections, ${DURATION} s per query\n`);
    console.log('| Query | Cache | Results | Req/s | of baseline | p50 (ms) | p99 (ms) | Server CPU µs/req | Errors | Load |');
    console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|---:|');
    for (const line of results) console.log(line);
  } finally {
    for (const s of servers) await s.stop();
    rmSync(dataDir, { recursive: true, force: true });
    if (admin) {
      await admin.query(`drop database if exists ${pgName} with (force)`);
      await admin.end();
    }
  }
}

await main();

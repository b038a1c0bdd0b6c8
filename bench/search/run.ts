/**
 * User-search latency with many accounts: builds a fresh SQLite database in a temp directory,
 * bulk-inserts the users, starts the real server on an ephemeral port, logs in and drives
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
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { newId } from '../../apps/server/src/lib/ids';
import { hashPassword } from '../../apps/server/src/modules/auth/passwords';
import type { UserRow } from '../../apps/server/src/modules/users/repo';
import { bearerFor, cannon, cannonRequests, listenForLoad, option } from '../lib/load-tools';

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

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'plaza-bench-search-'));
  const pgName = `plaza_bench_search_${process.pid}`;
  const admin = DATABASE === 'postgres' ? new pg.Client({ connectionString: `${PG_URL}/postgres` }) : null;
  if (admin) {
    await admin.connect();
    await admin.query(`create database ${pgName}`);
  }
  const env = (cacheMs: number) => ({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    WEB_DIST: path.join(dataDir, 'no-web'),
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
    SEARCH_CACHE_MS: String(cacheMs),
    ...(admin ? { DATABASE_URL: `${PG_URL}/${pgName}` } : {}),
  });
  const app = await buildApp(loadConfig(env(1000)), { logger: false });
  const uncached = { app: null as Awaited<ReturnType<typeof buildApp>> | null };
  try {
    const started = Date.now();
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
        user_bio: null,
        avatar_url: null,
        avatar_thumb_url: null,
        password_hash: hash,
        created_at: at,
        updated_at: at,
      };
    };
    const BATCH = 1000;
    for (let from = 0; from < USERS; from += 10 * BATCH) {
      await app.ctx.db.transaction().execute(async (trx) => {
        for (let i = from; i < Math.min(USERS, from + 10 * BATCH); i += BATCH) {
          const rows = Array.from({ length: Math.min(BATCH, USERS - i) }, (_, k) => row(i + k));
          await trx.insertInto('users').values(rows).execute();
        }
      });
    }
    await sql`${sql.raw(admin ? 'vacuum analyze users' : 'analyze')}`.execute(app.ctx.db);
    console.log(`${DATABASE}: inserted ${USERS.toLocaleString('en')} users in ${((Date.now() - started) / 1000).toFixed(1)} s.`);

    const origin = await listenForLoad(app);
    uncached.app = await buildApp(loadConfig(env(0)), { logger: false });
    const uncachedOrigin = await listenForLoad(uncached.app);
    const authorization = await bearerFor(origin, 'bench_user', PASSWORD);
    const headers = { authorization };

    const results: string[] = [];
    console.log(`load average before: ${load()}`);
    // The floor under every row: an authenticated request that reads one user by primary key.
    const floor = await hit(`${origin}/api/v1/users/me`, authorization);
    const share = (rps: number) => `${Math.round((100 * rps) / floor.requests.average)} %`;
    results.push(
      `| baseline: \`GET /users/me\` | — | 1 | ${Math.round(floor.requests.average)} | 100 % | ${floor.latency.p50} | ${floor.latency.p99} | ${floor.non2xx + floor.errors} |`,
    );
    console.log(results[0]);
    for (const q of QUERIES) {
      for (const [cache, at] of [
        ['1 s', origin],
        ['off', uncachedOrigin],
      ] as const) {
        const url = `${at}/api/v1/search/users?query=${encodeURIComponent(q.query)}`;
        const probe = (await (await fetch(url, { headers })).json()) as { users: unknown[] };
        const r = await hit(url, authorization);
        const line = `| ${q.label} (\`${q.query}\`) | ${cache} | ${probe.users.length} | ${Math.round(r.requests.average)} | ${share(r.requests.average)} | ${r.latency.p50} | ${r.latency.p99} | ${r.non2xx + r.errors} |`;
        console.log(`${line}   ${q.note}`);
        results.push(line);
      }
    }
    const mix = manyQueries(500).map((query) => ({ path: `/api/v1/search/users?query=${encodeURIComponent(query)}`, headers }));
    for (const [cache, at] of [
      ['1 s', origin],
      ['off', uncachedOrigin],
    ] as const) {
      const r = await cannonRequests(at, mix, { connections: CONNECTIONS, duration: DURATION });
      const line = `| 500 different 3–5 letter queries in turn | ${cache} | — | ${Math.round(r.requests.average)} | ${share(r.requests.average)} | ${r.latency.p50} | ${r.latency.p99} | ${r.non2xx + r.errors} |`;
      console.log(line);
      results.push(line);
    }
    console.log(`load average after: ${load()}`);
    console.log(`\n${DATABASE}, ${USERS.toLocaleString('en')} users, ${CONNECTIONS} connections, ${DURATION} s per query\n`);
    console.log('| Query | Cache | Results | Req/s | of baseline | p50 (ms) | p99 (ms) | Errors |');
    console.log('|---|---|---:|---:|---:|---:|---:|---:|');
    for (const line of results) console.log(line);
  } finally {
    await uncached.app?.close();
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
    if (admin) {
      await admin.query(`drop database if exists ${pgName} with (force)`);
      await admin.end();
    }
  }
}

await main();

/**
 * CPU per search request on a kept database (`run.ts --keep-db=`), one request at a time, so the
 * figure hardly moves with the machine's load the way latency does: the server built in this process
 * (production mode, cache off unless SEARCH_CACHE_MS says otherwise), requests through `inject` (no
 * socket), µs of this process's CPU per request and, on PostgreSQL, of the database's backends too
 * (read from /proc). Each figure is the best of several rounds.
 *
 *   npx tsx bench/search/cpu.ts --reuse-db=/work/keep/search-100k.sqlite
 *   npx tsx bench/search/cpu.ts --database=postgres --reuse-db=search_1m [--rounds=7] [--requests=200] [--query=dqvi]
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp, loadConfig } from '../../apps/server/src/for-benchmarks';
import { option } from '../lib/load-tools';
import { BENCH_USER, PASSWORD } from './people';
import { manyQueries, QUERIES } from './queries';

const text = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const DATABASE = text('database') ?? 'sqlite';
const DB = text('reuse-db');
const ONLY = text('query');
const ROUNDS = option('rounds', 7);
const REQUESTS = option('requests', 200);
const PG_URL = process.env.PG_URL ?? 'postgres://postgres@127.0.0.1:5432';
if (!DB) throw new Error('Give --reuse-db= (a database loaded by run.ts --keep-db=).');

/** CPU so far of each PostgreSQL backend serving this database, µs (utime + stime from /proc, in clock ticks of 10 ms). */
async function backendMicros(admin: pg.Client | null): Promise<Map<number, number>> {
  const cpu = new Map<number, number>();
  if (!admin) return cpu;
  const { rows } = await admin.query<{ pid: number }>(
    "select pid from pg_stat_activity where datname = $1 and backend_type = 'client backend' and pid <> pg_backend_pid()",
    [DB],
  );
  for (const { pid } of rows) {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    cpu.set(pid, (Number(fields[11]) + Number(fields[12])) * 10_000);
  }
  return cpu;
}

/** The backends' CPU between two readings; NaN when one of them closed in between (its share is lost). */
function backendDelta(before: Map<number, number>, after: Map<number, number>): number {
  if ([...before.keys()].some((pid) => !after.has(pid))) return NaN;
  return [...after].reduce((sum, [pid, micros]) => sum + micros - (before.get(pid) ?? 0), 0);
}

const postgres = DATABASE === 'postgres';
process.env.NODE_ENV = 'production';
const app = await buildApp(
  loadConfig({
    DATA_DIR: path.join('/tmp', `plaza-search-cpu-${process.pid}`),
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
    SEARCH_CACHE_MS: process.env.SEARCH_CACHE_MS ?? '0',
    DATABASE_URL: postgres ? `${PG_URL}/${DB}` : `sqlite:${path.resolve(DB)}`,
    NODE_ENV: 'production',
  }),
  { logger: false },
);
const admin = postgres ? new pg.Client({ connectionString: `${PG_URL}/postgres` }) : null;
await admin?.connect();
const login = await app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { identifier: BENCH_USER, password: PASSWORD } });
const authorization = `Bearer ${login.json<{ accessToken: string }>().accessToken}`;

async function measure(urls: string[]) {
  const run = async () => {
    for (let i = 0; i < REQUESTS; i++) {
      const url = urls[i % urls.length];
      const res = await app.inject({ method: 'GET', url, headers: { authorization } });
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    }
  };
  await run();
  let best = { node: Infinity, db: Infinity };
  for (let r = 0; r < ROUNDS; r++) {
    const [node0, db0] = [process.cpuUsage(), await backendMicros(admin)];
    await run();
    const node = process.cpuUsage(node0);
    const db = backendDelta(db0, await backendMicros(admin));
    const round = { node: (node.user + node.system) / REQUESTS, db: db / REQUESTS };
    if (!Number.isNaN(db) && round.node + round.db < best.node + best.db) best = round;
  }
  return best;
}

console.log(`${DATABASE} ${DB}, cache ${process.env.SEARCH_CACHE_MS ?? '0'} ms, best of ${ROUNDS} × ${REQUESTS} requests`);
console.log(`| Query | Server µs/req | Database µs/req | Load |`);
console.log(`|---|---:|---:|---:|`);
const searchUrl = (query: string) => `/api/v1/search/users?query=${encodeURIComponent(query)}`;
const rows = [
  // The floor under every row, as in run.ts: an authenticated read of one user by key.
  { label: 'baseline: `GET /users/me`', urls: ['/api/v1/users/me'] },
  ...(ONLY ? [{ query: ONLY }] : QUERIES).map(({ query }) => ({ label: `\`${query}\``, urls: [searchUrl(query)] })),
  ...(ONLY ? [] : [{ label: '500 different 3–5 letter queries in turn', urls: manyQueries(500).map(searchUrl) }]),
];
for (const { label, urls } of rows) {
  const m = await measure(urls);
  const dbCell = postgres ? String(Math.round(m.db)) : '—';
  console.log(`| ${label} | ${Math.round(m.node)} | ${dbCell} | ${loadavg()[0].toFixed(1)} |`);
}
await admin?.end();
await app.close();

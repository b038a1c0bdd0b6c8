/**
 * The SQLite writer's batch alone (db/sqlite-writer/sqlite-batch.ts), on this thread: MESSAGES messages in
 * batches of BATCH over PAIRS conversations, on a fresh database file. Wall time and this thread's CPU
 * time per message; the median of ROUNDS rounds, each on a database of its own.
 *
 *   npx tsx bench/chat/writer-pairs.ts          MESSAGES=20000 BATCH=50 PAIRS=200 ROUNDS=3
 */
import SQLite from 'better-sqlite3';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { flattenRows, sqliteBatchWriter } from '../../apps/server/src/for-benchmarks';
import { prepareUsers } from './prepare';
import { messageRow } from './writer-fixtures';

const MESSAGES = Number(process.env.MESSAGES ?? 20_000);
const BATCH = Number(process.env.BATCH ?? 50);
const PAIRS = Number(process.env.PAIRS ?? 200);
const ROUNDS = Number(process.env.ROUNDS ?? 3);

/** One round: µs of wall time and of CPU per message. */
async function round(): Promise<{ wall: number; cpu: number }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'plaza-writer-pairs-'));
  const file = path.join(dir, 'plaza.sqlite');
  try {
    const people = (await prepareUsers({ kind: 'sqlite', file }, PAIRS * 2, randomBytes(32).toString('hex'))).map((p) => p.userId);
    const sqlite = new SQLite(file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = NORMAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 0');
    const write = sqliteBatchWriter(sqlite);
    // The same pseudo-random pairs every round and every build.
    let seed = 1;
    const nextPair = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) >> 8) % PAIRS;
    const batches = Array.from({ length: Math.ceil(MESSAGES / BATCH) }, (_, b) =>
      flattenRows(
        Array.from({ length: Math.min(BATCH, MESSAGES - b * BATCH) }, (_, i) => {
          const p = nextPair();
          return messageRow(people[2 * p], people[2 * p + 1], b * BATCH + i);
        }),
      ),
    );
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    for (const rows of batches) write(rows);
    const wall = performance.now() - t0;
    const cpu = process.cpuUsage(cpu0);
    sqlite.close();
    return { wall: (wall * 1000) / MESSAGES, cpu: (cpu.user + cpu.system) / MESSAGES };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const results = [];
for (let r = 0; r < ROUNDS; r++) results.push(await round());
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log(`${MESSAGES} messages, batches of ${BATCH}, ${PAIRS} pairs, ${ROUNDS} rounds (load ${loadavg()[0].toFixed(1)})`);
console.log(
  `rounds µs/msg wall: ${results.map((r) => r.wall.toFixed(1)).join(' ')}; cpu: ${results.map((r) => r.cpu.toFixed(1)).join(' ')}`,
);
console.log(`median µs/msg: wall ${median(results.map((r) => r.wall)).toFixed(1)}, cpu ${median(results.map((r) => r.cpu)).toFixed(1)}`);

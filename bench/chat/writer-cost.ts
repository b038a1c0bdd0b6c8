/**
 * CPU per message of the chat's SQLite writer path alone, on each side of the message port: the main
 * thread (queueing, posting the batch, taking the answer) and the writer thread (the SQLite work). CPU
 * time per thread from /proc, so it holds up on a busy machine better than the full benchmark's latencies
 * do; batches of a fixed size, so group commit's batching does not depend on the machine's load.
 *
 *   npx tsx bench/chat/writer-cost.ts          MESSAGES=5000 BATCHES=1,10,100
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { createDb, groupCommit, sqliteWriterThread } from '../../apps/server/src/for-benchmarks';
import { prepareUsers } from './prepare';
import { cpuMsOf } from './stats';
import { messageRow, silentLogger, threadIds } from './writer-fixtures';

const MESSAGES = Number(process.env.MESSAGES ?? 5000);
const BATCHES = (process.env.BATCHES ?? '1,10,100').split(',').map(Number);

const dir = mkdtempSync(path.join(tmpdir(), 'plaza-writer-cost-'));
const file = path.join(dir, 'plaza.sqlite');
try {
  const people = await prepareUsers({ kind: 'sqlite', file }, 2, randomBytes(32).toString('hex'));
  const [a, b] = people.map((p) => p.userId);
  const { db } = createDb({ kind: 'sqlite', file });
  const threadsBefore = threadIds();
  const writer = groupCommit(sqliteWriterThread(db, file, silentLogger));
  const row = (i: number) => messageRow(a, b, i);
  await writer.insert(row(0));
  // The writer thread is the busiest of the threads it started (tsx may start a loader thread beside it).
  const started = [...threadIds()].filter((t) => !threadsBefore.has(t));
  console.log(`| batch size | main thread µs/msg | writer thread µs/msg | load average |`);
  console.log(`|---:|---:|---:|---:|`);
  for (const size of BATCHES) {
    const cpu = () => [cpuMsOf(process.pid, process.pid), ...started.map((t) => cpuMsOf(process.pid, Number(t)))];
    const before = cpu();
    for (let sent = 0; sent < MESSAGES; sent += size) {
      // group commit takes what queued in one turn as one batch.
      await Promise.all(Array.from({ length: Math.min(size, MESSAGES - sent) }, (_, i) => writer.insert(row(sent + i))));
    }
    const after = cpu();
    const perMessage = (ms: number) => ((ms * 1000) / MESSAGES).toFixed(0);
    const threads = after.slice(1).map((v, i) => v - before[i + 1]);
    console.log(`| ${size} | ${perMessage(after[0] - before[0])} | ${perMessage(Math.max(0, ...threads))} | ${loadavg()[0].toFixed(1)} |`);
  }
  await writer.close();
  await db.destroy();
} finally {
  rmSync(dir, { recursive: true, force: true });
}

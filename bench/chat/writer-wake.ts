/**
 * What handing a batch to the chat's writer thread costs the event loop, by the writer thread's
 * scheduling: `worker.postMessage` wakes a sleeping thread, and on this VM the waking thread waits for
 * it. Each round sets the writer's policy and niceness (`chrt`, `renice` on its thread id), then sends
 * 1,000 messages a second for 2 s with the event loop busy a third of the time, while BURN processes
 * spin to take cores as the benchmark's load clients do. Prints the time spent inside `postMessage`
 * and each message's time until stored, per variant (o = SCHED_OTHER, b = SCHED_BATCH, then the nice value).
 *
 *   npx tsx bench/chat/writer-wake.ts          VARIANTS=o0,b0,o5 ROUNDS=12 BURN=1
 */
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { createDb, groupCommit, sqliteWriterThread } from '../../apps/server/src/for-benchmarks';
import { prepareUsers } from './prepare';
import { cpuMsOf, percentile } from './stats';
import { messageRow, silentLogger, threadIds } from './writer-fixtures';

const VARIANTS = (process.env.VARIANTS ?? 'o0,b0').split(',');
const ROUNDS = Number(process.env.ROUNDS ?? 12);
const BURN = Number(process.env.BURN ?? 1);

// Every postMessage of the process is the writer's here; its time is the event loop's wait.
let posted: number[] = [];
const postMessage = Object.getOwnPropertyDescriptor(Worker.prototype, 'postMessage')!.value as Worker['postMessage'];
Worker.prototype.postMessage = function (this: Worker, ...args: Parameters<Worker['postMessage']>) {
  const t = performance.now();
  postMessage.apply(this, args);
  posted.push(performance.now() - t);
};

const spin = (ms: number) => {
  const end = performance.now() + ms;
  while (performance.now() < end);
};

const dir = mkdtempSync(path.join(tmpdir(), 'plaza-writer-wake-'));
const file = path.join(dir, 'plaza.sqlite');
const burners = Array.from({ length: BURN }, () => spawn(process.execPath, ['-e', 'for(;;){}'], { stdio: 'ignore' }));
try {
  const [a, b] = (await prepareUsers({ kind: 'sqlite', file }, 2, randomBytes(32).toString('hex'))).map((p) => p.userId);
  const { db } = createDb({ kind: 'sqlite', file });
  const threadsBefore = threadIds();
  const writer = groupCommit(sqliteWriterThread(db, file, silentLogger));
  let n = 0;
  const row = () => messageRow(a, b, ++n);
  for (let i = 0; i < 200; i++) await writer.insert(row());
  // The writer is the busiest thread the runner started (tsx may start a loader thread beside it).
  const [writerTid] = [...threadIds()]
    .filter((t) => !threadsBefore.has(t))
    .sort((x, y) => cpuMsOf(process.pid, Number(y)) - cpuMsOf(process.pid, Number(x)));

  const results = new Map(VARIANTS.map((v) => [v, { posted: [] as number[], stored: [] as number[], loopMax: [] as number[] }]));
  for (let round = 0; round < ROUNDS; round++) {
    const variant = VARIANTS[round % VARIANTS.length];
    execFileSync('chrt', [variant.startsWith('b') ? '-b' : '-o', '-p', '0', writerTid]);
    execFileSync('renice', ['-n', variant.slice(1), '-p', writerTid], { stdio: 'ignore' });
    posted = [];
    const stored: number[] = [];
    const delay = monitorEventLoopDelay({ resolution: 1 });
    delay.enable();
    const end = performance.now() + 2000;
    await new Promise<void>((resolve) => {
      const tick = setInterval(() => {
        if (performance.now() > end) {
          clearInterval(tick);
          resolve();
          return;
        }
        spin(0.3);
        const t = performance.now();
        void writer.insert(row()).then(() => stored.push(performance.now() - t));
      }, 1);
    });
    await new Promise((r) => setTimeout(r, 100));
    delay.disable();
    const r = results.get(variant)!;
    r.posted.push(...posted);
    r.stored.push(...stored);
    r.loopMax.push(delay.max / 1e6);
  }
  console.log(`${BURN} spinning process(es), ${ROUNDS} rounds of 2 s, load average ${loadavg()[0].toFixed(2)}\n`);
  console.log('| writer thread | postMessage p50 / p90 / p99 ms | until stored p50 / p99 ms | loop delay max per round ms |');
  console.log('|---|---:|---:|---:|');
  for (const [variant, r] of results) {
    const ms = (xs: number[], ps: number[]) => {
      const sorted = [...xs].sort((x, y) => x - y);
      return ps.map((p) => percentile(sorted, p).toFixed(3)).join(' / ');
    };
    console.log(
      `| ${variant} | ${ms(r.posted, [50, 90, 99])} | ${ms(r.stored, [50, 99])} | ${r.loopMax.map((x) => x.toFixed(0)).join(', ')} |`,
    );
  }
  await writer.close();
  await db.destroy();
} finally {
  for (const b of burners) b.kill();
  rmSync(dir, { recursive: true, force: true });
}

/**
 * Chat delivery benchmark: the real Plaza server (one process, SQLite in a temp dir) with N connected
 * socket.io clients, pairs exchanging messages through POST /chats/send at a steady total rate; and, on
 * the same machine with the same client count, a bare socket.io echo server as the baseline.
 *
 *   npx tsx bench/chat/run.ts                       CLIENTS=1000 RATE=500 DURATION=20
 *   CLIENTS=1000,5000 RATE=500,1000 npx tsx bench/chat/run.ts     the README's table
 *
 * Before the measured rates, a warm-up phase lets every pair exchange a first message.
 * TARGET=chat|echo|both (default both), WARMUP seconds excluded from latencies (default 3),
 * PROFILE_DIR=dir writes a CPU profile of the server for each measured phase there.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { prepareUsers } from './prepare';
import type { BenchUser, FromLoad, ToLoad } from './protocol';
import { cpuMsOf, percentile, sleep } from './stats';

const list = (v: string | undefined, dflt: number[]) => (v ? v.split(',').map(Number) : dflt);
const CLIENTS = list(process.env.CLIENTS, [1000]);
const RATES = list(process.env.RATE, [500]);
const DURATION_S = Number(process.env.DURATION ?? 20);
const WARMUP_S = Number(process.env.WARMUP ?? 3);
const TARGET = (process.env.TARGET ?? 'both') as 'chat' | 'echo' | 'both';
const CLIENTS_PER_LOAD_PROCESS = 2500;
const here = import.meta.dirname;

interface Row {
  target: 'plaza' | 'echo';
  clients: number;
  rate: number;
  p50: number;
  p99: number;
  /** Send start → HTTP 201 (Plaza only). */
  responseP50: number;
  responseP99: number;
  max: number;
  sent: number;
  accepted: number;
  rejected: Record<string, number>;
  lost: number;
  duplicated: number;
  kbPerConnection: number;
  /** Server CPU time per accepted message, and the share of one core the server got during the phase. */
  cpuUsPerMessage: number;
  cpuShare: number;
  /** The load-client processes' CPU, in cores: they share the machine with the server. */
  loadCpuShare: number;
  /** Event-loop utilisation of the server during the phase (1 = never idle). */
  eventLoop: number;
  /** The machine's 1-minute load average at the end of the phase (2 cores, shared). */
  machineLoad: number;
}

function child(file: string, env: NodeJS.ProcessEnv, gc = false): ChildProcess {
  return fork(path.join(here, file), [], {
    execArgv: ['--import', 'tsx', ...(gc ? ['--expose-gc'] : [])],
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
}

function next<T extends { type: string }>(proc: ChildProcess, type: T['type'], timeoutMs = 300_000): Promise<T> {
  return new Promise((resolve, reject) => {
    const stop = () => {
      clearTimeout(timer);
      proc.off('message', on);
      proc.off('exit', exited);
    };
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`${type} did not arrive in time`));
    }, timeoutMs);
    const on = (msg: T) => {
      if (msg.type !== type) return;
      stop();
      resolve(msg);
    };
    const exited = (code: number | null) => {
      stop();
      reject(new Error(`process exited (${code}) while waiting for ${type}`));
    };
    proc.on('message', on);
    proc.on('exit', exited);
  });
}

async function serverMemory(server: ChildProcess): Promise<{ rss: number; heapUsed: number; sockets: number }> {
  // Two collections a moment apart: socket.io frees some handshake state lazily.
  server.send({ type: 'gc' });
  await next(server, 'memory');
  await sleep(1000);
  server.send({ type: 'gc' });
  return next<{ type: 'memory'; rss: number; heapUsed: number; sockets: number }>(server, 'memory');
}

async function runTarget(target: 'plaza' | 'echo', clients: number): Promise<Row[]> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'plaza-bench-'));
  const secret = randomBytes(32).toString('hex');
  let users: BenchUser[] = [];
  if (target === 'plaza') {
    process.stdout.write(`  creating ${clients} users and tokens… `);
    users = await prepareUsers(path.join(dataDir, 'plaza.sqlite'), clients, secret);
    console.log('done');
  }
  const server =
    target === 'plaza'
      ? child(
          'server.ts',
          {
            DATA_DIR: dataDir,
            JWT_SECRET: secret,
            LOG_LEVEL: 'silent',
            WEB_DIST: path.join(dataDir, 'none'),
            REDIS_URL: '',
            DATABASE_URL: '',
          },
          true,
        )
      : child('echo-server.ts', {}, true);
  const loads: ChildProcess[] = [];
  try {
    const { port } = await next<{ type: 'ready'; port: number }>(server, 'ready', 60_000);
    const url = `http://127.0.0.1:${port}`;
    const idle = await serverMemory(server);

    const procs = Math.max(2, Math.ceil(clients / CLIENTS_PER_LOAD_PROCESS));
    // An even share per process, so every pair has both its members in one process.
    const shares = Array.from(
      { length: procs },
      (_, i) => 2 * (Math.floor(clients / 2 / procs) + (i < Math.floor(clients / 2) % procs ? 1 : 0)),
    );
    let offset = 0;
    for (const share of shares) {
      const load = child('load.ts', {});
      loads.push(load);
      const slice = users.slice(offset, offset + share);
      load.send({ type: 'connect', mode: target === 'plaza' ? 'chat' : 'echo', url, users: slice, count: share, firstIndex: offset } satisfies ToLoad);
      offset += share;
    }
    const started = Date.now();
    const connected = await Promise.all(loads.map((l) => next<Extract<FromLoad, { type: 'connected' }>>(l, 'connected')));
    const ok = connected.reduce((n, c) => n + c.ok, 0);
    const failed = connected.reduce((n, c) => n + c.failed, 0);
    console.log(
      `  ${ok} clients connected in ${((Date.now() - started) / 1000).toFixed(1)} s${failed ? `, ${failed} failed (${connected.find((c) => c.firstError)?.firstError})` : ''}`,
    );
    await sleep(3000);
    const loaded = await serverMemory(server);
    const kbPerConnection = (loaded.rss - idle.rss) / Math.max(1, loaded.sockets) / 1024;
    console.log(
      `  server RSS ${(idle.rss / 2 ** 20).toFixed(0)} MB idle → ${(loaded.rss / 2 ** 20).toFixed(0)} MB with ${loaded.sockets} sockets: ${kbPerConnection.toFixed(1)} KB each (heap ${(idle.heapUsed / 2 ** 20).toFixed(0)} → ${(loaded.heapUsed / 2 ** 20).toFixed(0)} MB)`,
    );

    // Warm-up, not measured: every pair exchanges a first message (which records the conversation and
    // widens both people's presence audience) and the server's code gets compiled. What follows is steady state.
    const pairs = Math.floor(ok / 2);
    const warmRate = Math.min(...RATES);
    const warmMs = Math.max(3000, Math.ceil((pairs / warmRate) * 1000) + 1000);
    console.log(`  warm-up: ${warmRate} msg/s for ${(warmMs / 1000).toFixed(0)} s`);
    for (const l of loads)
      l.send({ type: 'send', rate: warmRate / loads.length, durationMs: warmMs, warmupMs: warmMs, graceMs: 10_000 } satisfies ToLoad);
    await Promise.all(loads.map((l) => next(l, 'done')));
    await sleep(2000);

    const rows: Row[] = [];
    for (const rate of RATES) {
      const perProc = rate / loads.length;
      server.send({ type: 'profile', on: true });
      const cpuBefore = cpuMsOf(server.pid!);
      const loadCpuBefore = loads.reduce((n, l) => n + cpuMsOf(l.pid!), 0);
      const wallBefore = Date.now();
      for (const l of loads)
        l.send({ type: 'send', rate: perProc, durationMs: DURATION_S * 1000, warmupMs: WARMUP_S * 1000, graceMs: 10_000 } satisfies ToLoad);
      const done = await Promise.all(loads.map((l) => next<Extract<FromLoad, { type: 'done' }>>(l, 'done')));
      const cpuMs = cpuMsOf(server.pid!) - cpuBefore;
      const wallMs = Date.now() - wallBefore;
      const loadCpuShare = (loads.reduce((n, l) => n + cpuMsOf(l.pid!), 0) - loadCpuBefore) / wallMs;
      const eluReply = next<{
        type: 'elu';
        utilization: number;
        gcTotalMs?: number;
        gcMaxMs?: number;
        loopDelayP99Ms?: number;
        loopDelayMaxMs?: number;
      }>(server, 'elu', 10_000);
      server.send({ type: 'profile', on: false, name: `${target}-${clients}-${rate}` });
      const loop = await eluReply;
      const eventLoop = loop.utilization;
      const after = await serverMemory(server);
      const details = [
        `    server after the phase: heap ${(after.heapUsed / 2 ** 20).toFixed(0)} MB live, RSS ${(after.rss / 2 ** 20).toFixed(0)} MB`,
      ];
      if (loop.gcMaxMs !== undefined) {
        details.push(
          `    during it: GC ${loop.gcTotalMs!.toFixed(0)} ms in total, longest pause ${loop.gcMaxMs.toFixed(0)} ms; event-loop delay p99 ${loop.loopDelayP99Ms!.toFixed(0)} ms, max ${loop.loopDelayMaxMs!.toFixed(0)} ms`,
        );
      }
      const lat = done.flatMap((d) => d.latencies).sort((a, b) => a - b);
      const resp = done.flatMap((d) => d.responseTimes).sort((a, b) => a - b);
      const rejected: Record<string, number> = {};
      for (const d of done) for (const [k, v] of Object.entries(d.rejected)) rejected[k] = (rejected[k] ?? 0) + v;
      const row: Row = {
        target,
        clients: ok,
        rate,
        p50: percentile(lat, 50),
        p99: percentile(lat, 99),
        responseP50: percentile(resp, 50),
        responseP99: percentile(resp, 99),
        max: lat[lat.length - 1] ?? NaN,
        sent: done.reduce((n, d) => n + d.sent, 0),
        accepted: done.reduce((n, d) => n + d.accepted, 0),
        rejected,
        lost: done.reduce((n, d) => n + d.lost, 0),
        duplicated: done.reduce((n, d) => n + d.duplicated, 0),
        kbPerConnection,
        cpuUsPerMessage:
          (cpuMs * 1000) /
          Math.max(
            1,
            done.reduce((n, d) => n + d.accepted, 0),
          ),
        cpuShare: cpuMs / wallMs,
        loadCpuShare,
        eventLoop,
        machineLoad: loadavg()[0],
      };
      console.log(
        `  ${rate} msg/s: p50 ${row.p50.toFixed(1)} ms, p99 ${row.p99.toFixed(1)} ms, max ${row.max.toFixed(0)} ms${resp.length ? ` (HTTP response p50 ${row.responseP50.toFixed(1)}, p99 ${row.responseP99.toFixed(1)} ms)` : ''}; server CPU ${row.cpuUsPerMessage.toFixed(0)} µs/msg, ${(row.cpuShare * 100).toFixed(0)}% of a core (load clients ${(row.loadCpuShare * 100).toFixed(0)}%), event loop ${(row.eventLoop * 100).toFixed(0)}% busy, machine load average ${row.machineLoad.toFixed(1)}; sent ${row.sent}, accepted ${row.accepted}, lost ${row.lost}, duplicated ${row.duplicated}${Object.keys(rejected).length ? `, rejected ${JSON.stringify(rejected)}` : ''}`,
      );
      for (const d of details) console.log(d);
      rows.push(row);
    }
    return rows;
  } finally {
    for (const l of loads) l.send({ type: 'exit' } satisfies ToLoad);
    await sleep(300);
    server.send({ type: 'exit' });
    await Promise.race([new Promise((r) => server.once('exit', r)), sleep(5000)]);
    server.kill();
    for (const l of loads) l.kill();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const rows: Row[] = [];
for (const clients of CLIENTS) {
  for (const target of ['plaza', 'echo'] as const) {
    if (TARGET !== 'both' && TARGET !== (target === 'plaza' ? 'chat' : 'echo')) continue;
    console.log(`${target === 'plaza' ? 'Plaza chat' : 'bare socket.io echo'}, ${clients} clients, ${DURATION_S} s per rate:`);
    rows.push(...(await runTarget(target, clients)));
  }
}

const fmt = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '–');
console.log(
  '\n| server | clients | msg/s | p50 ms | p99 ms | lost | duplicated | rejected | server CPU µs/msg | server core share | KB per idle connection | machine load |',
);
console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
for (const r of rows) {
  const rejected = Object.values(r.rejected).reduce((a, b) => a + b, 0);
  console.log(
    `| ${r.target === 'plaza' ? 'Plaza' : 'bare echo'} | ${r.clients} | ${r.rate} | ${fmt(r.p50)} | ${fmt(r.p99)} | ${r.lost} | ${r.duplicated} | ${rejected} | ${r.cpuUsPerMessage.toFixed(0)} | ${(r.cpuShare * 100).toFixed(0)}% | ${fmt(r.kbPerConnection)} | ${r.machineLoad.toFixed(1)} |`,
  );
}
process.exit(0);

/**
 * Chat delivery benchmark: the real Plaza server (one process, SQLite in a temp dir) with N connected
 * socket.io clients, pairs exchanging messages through POST /chats/send at a steady total rate; and, on
 * the same machine with the same client count, a bare socket.io echo server as the baseline (over the socket it
 * echoes to the sender; over HTTP, `POST /echo` reaches the receiver's socket: the transport alone).
 *
 *   npx tsx bench/chat/run.ts                       CLIENTS=1000 RATE=500 DURATION=20
 *   CLIENTS=1000,5000 RATE=500,1000 npx tsx bench/chat/run.ts     the README's table
 *
 * Before the measured rates, a warm-up phase lets every pair exchange a first message.
 * TARGET=chat|echo|both (default both), WARMUP seconds excluded from latencies (default 3),
 * PROFILE_DIR=dir writes a CPU profile of the server for each measured phase there, STALLS=1 lists each phase's
 * longest event-loop stalls (a 1 ms probe in the server, off by default: it costs the server CPU the echo does not pay),
 * SEND=http,socket (default both: POST /chats/send, and `sendMessage` with an ack over the socket),
 * IDLE=1 only connects the clients and measures memory (no messages),
 * GROUP=members puts the clients in groups of that many (3–100) instead of pairs: each send goes to a group
 * (POST /chats/groups/{id}/messages; the contract has no socket send for groups, so SEND=socket phases are
 * left out, and so is the echo), RATE stays the sends a second of the whole run, latency is send → `groupMessage`
 * at each other member, lost and duplicated count per receiver, and server CPU is given per delivery as well,
 * PUBLISH=friends publishes posts (PUBLISH_RATE a second, default 1) by an author with that many friends
 * among the clients while the chat runs, so each fans out to that many timelines,
 * --database=postgres (a fresh database on PG_URL, dropped after) and --redis (REDIS_URL, default local);
 * PG_DATABASE_PREFIX (default plaza_chatbench: `<prefix>_<pid>_<time>`) and REDIS_PREFIX (default chatbench: keys
 * `<prefix><pid>:`) name what the run makes there.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { GROUP_CHAT } from '@plaza/contract';
import { serverNodeFlags } from '../lib/node-flags';
import { prepareUsers } from './prepare';
import type { BenchUser, FromLoad, ToLoad } from './protocol';
import type { Stall } from './stall-log';
import { cpuMsOf, percentile, sleep } from './stats';

const list = (v: string | undefined, dflt: number[]) => (v ? v.split(',').map(Number) : dflt);
const CLIENTS = list(process.env.CLIENTS, [1000]);
const RATES = list(process.env.RATE, [500]);
const DURATION_S = Number(process.env.DURATION ?? 20);
const WARMUP_S = Number(process.env.WARMUP ?? 3);
const TARGET = (process.env.TARGET ?? 'both') as 'chat' | 'echo' | 'both';
const SENDS = (process.env.SEND ?? 'http,socket').split(',') as Array<'http' | 'socket'>;
const IDLE = process.env.IDLE === '1';
const PUBLISH_FRIENDS = Number(process.env.PUBLISH ?? 0);
const PUBLISH_RATE = Number(process.env.PUBLISH_RATE ?? 1);
const GROUP = Number(process.env.GROUP ?? 0);
if (GROUP !== 0 && !(Number.isInteger(GROUP) && GROUP >= GROUP_CHAT.minMembers && GROUP <= GROUP_CHAT.maxMembers))
  throw new Error(`GROUP is the people in each group: ${GROUP_CHAT.minMembers} to ${GROUP_CHAT.maxMembers}.`);
/** People per conversation: a pair, or a group. */
const CONVERSATION_SIZE = GROUP || 2;
const flag = (name: string) =>
  process.argv.find((a) => a === `--${name}` || a.startsWith(`--${name}=`))?.split('=')[1] ??
  (process.argv.includes(`--${name}`) ? '' : undefined);
const DATABASE = flag('database') ?? process.env.DATABASE ?? 'sqlite';
const PG_URL = process.env.PG_URL ?? 'postgres://postgres@127.0.0.1:5432';
const REDIS_URL = flag('redis') !== undefined ? process.env.REDIS_URL || 'redis://127.0.0.1:6379' : '';
const PG_DATABASE_PREFIX = process.env.PG_DATABASE_PREFIX ?? 'plaza_chatbench';
const REDIS_PREFIX = process.env.REDIS_PREFIX ?? 'chatbench';
const CLIENTS_PER_LOAD_PROCESS = 2500;
const here = import.meta.dirname;

interface Row {
  target: 'plaza' | 'echo';
  via: 'http' | 'socket';
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
  /** People per group (0: pairs). */
  group: number;
  /** Messages that reached a receiver over the phase (a group message once per other member), and a second. */
  delivered: number;
  deliveryRate: number;
  /** Server CPU time per accepted message, and the share of one core the server got during the phase. */
  cpuUsPerMessage: number;
  /** Server CPU time per delivery: what a message costs for each person it reaches. */
  cpuUsPerDelivery: number;
  cpuShare: number;
  /** The load-client processes' CPU, in cores: they share the machine with the server. */
  loadCpuShare: number;
  /** Event-loop utilisation of the server during the phase (1 = never idle). */
  eventLoop: number;
  /** Event-loop delay during the phase (ms). */
  loopDelayP99: number;
  loopDelayMax: number;
  /** The machine's 1-minute load average before and at the end of the phase (2 cores, shared). */
  loadBefore: number;
  machineLoad: number;
  /** Posts published during the phase (PUBLISH). */
  posts: number;
}

function child(file: string, env: NodeJS.ProcessEnv, server = false): ChildProcess {
  // Both servers alike (Plaza and the echo) get the flags `npm start` gives the server (bench/lib/node-flags.ts).
  return fork(path.join(here, file), [], {
    execArgv: ['--import', 'tsx', ...(server ? ['--expose-gc', ...serverNodeFlags()] : [])],
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

/** A fresh PostgreSQL database for one run; dropped by `drop`. */
async function freshPostgres(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${PG_DATABASE_PREFIX}_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: `${PG_URL}/postgres` });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  return {
    url: `${PG_URL}/${name}`,
    async drop() {
      const c = new pg.Client({ connectionString: `${PG_URL}/postgres` });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

async function runTarget(target: 'plaza' | 'echo', clients: number): Promise<Row[]> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'plaza-bench-'));
  const secret = randomBytes(32).toString('hex');
  let users: BenchUser[] = [];
  const postgres = target === 'plaza' && DATABASE === 'postgres' ? await freshPostgres() : null;
  if (target === 'plaza') {
    process.stdout.write(`  creating ${clients} users and tokens${postgres ? ' in PostgreSQL' : ''}… `);
    users = await prepareUsers(
      postgres ? { kind: 'postgres', url: postgres.url } : { kind: 'sqlite', file: path.join(dataDir, 'plaza.sqlite') },
      clients,
      secret,
      PUBLISH_FRIENDS,
      GROUP,
    );
    console.log('done');
  }
  const author = PUBLISH_FRIENDS > 0 ? users.pop() : undefined;
  const server =
    target === 'plaza'
      ? child(
          'server.ts',
          {
            DATA_DIR: dataDir,
            JWT_SECRET: secret,
            LOG_LEVEL: 'silent',
            WEB_DIST: path.join(dataDir, 'none'),
            REDIS_URL,
            REDIS_KEY_PREFIX: `${REDIS_PREFIX}${process.pid}:`,
            DATABASE_URL: postgres?.url ?? '',
            // As in production: the presenters shape replies, without zod re-checking each one.
            RESPONSE_VALIDATION: 'off',
            // The post author's address is not confirmed; its daily post limit would stop PUBLISH after three.
            UNVERIFIED_POSTS_PER_DAY: '1000000',
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
    // An even share per process, so every pair or group has all its members in one process.
    const size = CONVERSATION_SIZE;
    const shares = Array.from(
      { length: procs },
      (_, i) => size * (Math.floor(clients / size / procs) + (i < Math.floor(clients / size) % procs ? 1 : 0)),
    );
    let offset = 0;
    for (const share of shares) {
      const load = child('load.ts', {});
      loads.push(load);
      const slice = users.slice(offset, offset + share);
      load.send({
        type: 'connect',
        mode: target === 'plaza' ? 'chat' : 'echo',
        url,
        users: slice,
        count: share,
        firstIndex: offset,
        groupSize: CONVERSATION_SIZE,
      } satisfies ToLoad);
      offset += share;
    }
    const started = Date.now();
    // Bounded, and long enough for 18,000 handshakes on a machine that is not idle.
    const connectMs = 120_000 + 30 * clients;
    const connected = await Promise.all(loads.map((l) => next<Extract<FromLoad, { type: 'connected' }>>(l, 'connected', connectMs)));
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

    if (IDLE) {
      const loadNow = loadavg()[0];
      const row = { ...emptyRow(target, ok), kbPerConnection, loadBefore: loadNow, machineLoad: loadNow };
      return [row];
    }

    // Warm-up, not measured: every pair (or group) exchanges a first message (which records the conversation and
    // widens both people's presence audience) and the server's code gets compiled. What follows is steady state.
    const conversations = Math.floor(ok / CONVERSATION_SIZE);
    const warmRate = Math.min(...RATES);
    const warmMs = Math.max(3000, Math.ceil((conversations / warmRate) * 1000) + 1000);
    console.log(`  warm-up: ${warmRate} msg/s for ${(warmMs / 1000).toFixed(0)} s`);
    for (const l of loads)
      l.send({
        type: 'send',
        rate: warmRate / loads.length,
        durationMs: warmMs,
        warmupMs: warmMs,
        graceMs: 10_000,
        via: 'http',
      } satisfies ToLoad);
    await Promise.all(loads.map((l) => next(l, 'done')));
    await sleep(2000);

    const rows: Row[] = [];
    // Groups are written to over HTTP only (the contract has no socket send for them).
    const sends = GROUP ? SENDS.filter((via) => via === 'http') : SENDS;
    if (sends.length < SENDS.length) console.log('  groups: SEND=socket left out (groups have no socket send)');
    const phases = RATES.flatMap((rate) => sends.map((via) => ({ rate, via })));
    for (const { rate, via } of phases) {
      const perProc = rate / loads.length;
      const loadBefore = loadavg()[0];
      const publishing = author ? publishPosts(url, author) : null;
      server.send({ type: 'profile', on: true });
      const cpuBefore = cpuMsOf(server.pid!);
      const loadCpuBefore = loads.reduce((n, l) => n + cpuMsOf(l.pid!), 0);
      const wallBefore = Date.now();
      for (const l of loads)
        l.send({
          type: 'send',
          rate: perProc,
          durationMs: DURATION_S * 1000,
          warmupMs: WARMUP_S * 1000,
          graceMs: 10_000,
          via,
        } satisfies ToLoad);
      const done = await Promise.all(loads.map((l) => next<Extract<FromLoad, { type: 'done' }>>(l, 'done')));
      const posts = (await publishing?.stop()) ?? 0;
      const cpuMs = cpuMsOf(server.pid!) - cpuBefore;
      const wallMs = Date.now() - wallBefore;
      const loadCpuShare = (loads.reduce((n, l) => n + cpuMsOf(l.pid!), 0) - loadCpuBefore) / wallMs;
      const eluReply = next<{
        type: 'elu';
        utilization: number;
        gcTotalMs?: number;
        gcMaxMs?: number;
        gcCount?: number;
        gcMajor?: number;
        loopDelayP99Ms?: number;
        loopDelayMaxMs?: number;
        mainThreadCpuMs?: number;
        stalls?: Stall[];
      }>(server, 'elu', 10_000);
      server.send({ type: 'profile', on: false, name: `${target}-${clients}-${rate}-${via}` });
      const loop = await eluReply;
      const eventLoop = loop.utilization;
      const after = await serverMemory(server);
      const details = [
        `    server after the phase: heap ${(after.heapUsed / 2 ** 20).toFixed(0)} MB live, RSS ${(after.rss / 2 ** 20).toFixed(0)} MB`,
      ];
      const accepted = Math.max(
        1,
        done.reduce((n, d) => n + d.accepted, 0),
      );
      const delivered = done.reduce((n, d) => n + d.delivered, 0);
      if (loop.mainThreadCpuMs !== undefined) {
        const perMessage = (ms: number) => ((ms * 1000) / accepted).toFixed(0);
        details.push(
          `    server CPU per message: main thread ${perMessage(loop.mainThreadCpuMs)} µs, other threads (SQLite writer, GC helpers, libuv) ${perMessage(cpuMs - loop.mainThreadCpuMs)} µs`,
        );
      }
      if (loop.gcMaxMs !== undefined) {
        details.push(
          `    during it: GC ${loop.gcTotalMs!.toFixed(0)} ms in total (${loop.gcCount ?? '?'} pauses, ${loop.gcMajor ?? '?'} of them full), longest pause ${loop.gcMaxMs.toFixed(0)} ms; event-loop delay p99 ${loop.loopDelayP99Ms!.toFixed(0)} ms, max ${loop.loopDelayMaxMs!.toFixed(0)} ms`,
        );
      }
      if (loop.stalls?.length) {
        const one = (s: Stall) =>
          `${s.ms.toFixed(0)} ms at ${(s.at / 1000).toFixed(1)} s (CPU ${s.cpuMs.toFixed(0)} ms, GC ${s.gcMs.toFixed(0)} ms, ${s.pings} pings, ${s.frames} frames)`;
        details.push(`    longest stalls: ${loop.stalls.map(one).join('; ')}`);
      }
      const lat = done.flatMap((d) => d.latencies).sort((a, b) => a - b);
      const resp = done.flatMap((d) => d.responseTimes).sort((a, b) => a - b);
      const rejected: Record<string, number> = {};
      for (const d of done) for (const [k, v] of Object.entries(d.rejected)) rejected[k] = (rejected[k] ?? 0) + v;
      const row: Row = {
        target,
        via,
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
        group: GROUP,
        delivered,
        deliveryRate: delivered / DURATION_S,
        cpuUsPerMessage: (cpuMs * 1000) / accepted,
        cpuUsPerDelivery: (cpuMs * 1000) / Math.max(1, delivered),
        cpuShare: cpuMs / wallMs,
        loadCpuShare,
        eventLoop,
        loopDelayP99: loop.loopDelayP99Ms ?? NaN,
        loopDelayMax: loop.loopDelayMaxMs ?? NaN,
        loadBefore,
        machineLoad: loadavg()[0],
        posts,
      };
      console.log(
        `  ${rate} msg/s via ${via}${posts ? ` with ${posts} posts to ${PUBLISH_FRIENDS} timelines each` : ''}: p50 ${row.p50.toFixed(1)} ms, p99 ${row.p99.toFixed(1)} ms, max ${row.max.toFixed(0)} ms${resp.length ? ` (HTTP response p50 ${row.responseP50.toFixed(1)}, p99 ${row.responseP99.toFixed(1)} ms)` : ''}; server CPU ${row.cpuUsPerMessage.toFixed(0)} µs/msg${GROUP ? ` (${row.cpuUsPerDelivery.toFixed(0)} µs per delivery, ${row.deliveryRate.toFixed(0)} deliveries/s)` : ''}, ${(row.cpuShare * 100).toFixed(0)}% of a core (load clients ${(row.loadCpuShare * 100).toFixed(0)}%), event loop ${(row.eventLoop * 100).toFixed(0)}% busy, machine load average ${row.loadBefore.toFixed(1)} → ${row.machineLoad.toFixed(1)}; sent ${row.sent}, accepted ${row.accepted}, lost ${row.lost}, duplicated ${row.duplicated}${Object.keys(rejected).length ? `, rejected ${JSON.stringify(rejected)}` : ''}`,
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
    await postgres?.drop();
  }
}

function emptyRow(target: Row['target'], clients: number): Row {
  return {
    target,
    via: 'socket',
    clients,
    rate: 0,
    p50: NaN,
    p99: NaN,
    responseP50: NaN,
    responseP99: NaN,
    max: NaN,
    sent: 0,
    accepted: 0,
    rejected: {},
    lost: 0,
    duplicated: 0,
    kbPerConnection: NaN,
    group: GROUP,
    delivered: 0,
    deliveryRate: NaN,
    cpuUsPerMessage: NaN,
    cpuUsPerDelivery: NaN,
    cpuShare: NaN,
    loadCpuShare: NaN,
    eventLoop: NaN,
    loopDelayP99: NaN,
    loopDelayMax: NaN,
    loadBefore: NaN,
    machineLoad: NaN,
    posts: 0,
  };
}

/** Publishes text posts as `author` at PUBLISH_RATE a second until stopped; answers how many were stored. */
function publishPosts(url: string, author: BenchUser): { stop(): Promise<number> } {
  let stopped = false;
  let stored = 0;
  const loop = (async () => {
    for (let i = 0; !stopped; i++) {
      const form = new FormData();
      form.set('content', `Benchmark post ${i}`);
      const res = await fetch(`${url}/api/v1/posts`, { method: 'POST', body: form, headers: { authorization: `Bearer ${author.token}` } });
      if (res.ok) stored += 1;
      else if (i === 0) console.log(`  publishing failed: ${res.status} ${await res.text()}`);
      await sleep(1000 / PUBLISH_RATE);
    }
  })();
  return {
    async stop() {
      stopped = true;
      await loop;
      return stored;
    },
  };
}

const rows: Row[] = [];
for (const clients of CLIENTS) {
  for (const target of ['plaza', 'echo'] as const) {
    if (TARGET !== 'both' && TARGET !== (target === 'plaza' ? 'chat' : 'echo')) continue;
    // The echo pairs its clients: it has no group to compare with.
    if (GROUP && target === 'echo') {
      console.log('bare socket.io echo: left out with GROUP (it only pairs its clients)');
      continue;
    }
    console.log(`${target === 'plaza' ? 'Plaza chat' : 'bare socket.io echo'}, ${clients} clients, ${DURATION_S} s per rate:`);
    rows.push(...(await runTarget(target, clients)));
  }
}

const fmt = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '–');
const fmt0 = (n: number) => (Number.isFinite(n) ? n.toFixed(0) : '–');
console.log(
  `\nSQLite${DATABASE === 'postgres' ? ' → PostgreSQL' : ''}${REDIS_URL ? ' + Redis' : ''}${PUBLISH_FRIENDS ? `, posts to ${PUBLISH_FRIENDS} timelines at ${PUBLISH_RATE}/s during the chat` : ''}`.replace(
    /^SQLite → /,
    '',
  ),
);
console.log(
  '| server | send | clients | msg/s | deliveries/s | p50 ms | p99 ms | max ms | lost | duplicated | rejected | server CPU µs/msg | µs/delivery | event loop busy | loop delay p99 / max ms | KB per idle socket | load avg before → after |',
);
console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
for (const r of rows) {
  const rejected = Object.values(r.rejected).reduce((a, b) => a + b, 0);
  const name = r.target === 'plaza' ? (r.group ? `Plaza, groups of ${r.group}` : 'Plaza') : 'bare echo';
  const send = r.rate === 0 ? 'idle' : r.via;
  console.log(
    `| ${name} | ${send} | ${r.clients} | ${r.rate} | ${fmt0(r.deliveryRate)} | ${fmt(r.p50)} | ${fmt(r.p99)} | ${fmt0(r.max)} | ${r.lost} | ${r.duplicated} | ${rejected} | ${fmt0(r.cpuUsPerMessage)} | ${fmt0(r.cpuUsPerDelivery)} | ${fmt0(r.eventLoop * 100)} % | ${fmt0(r.loopDelayP99)} / ${fmt0(r.loopDelayMax)} | ${fmt(r.kbPerConnection)} | ${fmt(r.loadBefore)} → ${fmt(r.machineLoad)} |`,
  );
}
process.exit(0);

/**
 * The Plaza server as the benchmark runs it: a child process of its own, so its memory is measured
 * apart from the load clients'. Answers `gc` over IPC with its resident memory after a collection
 * (and, with HEAP_DIR, writes a heap snapshot there).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import path from 'node:path';
import { constants, PerformanceObserver } from 'node:perf_hooks';
import { buildApp, loadConfig, connectRedis, testOverrides } from '../../apps/server/src/for-benchmarks';
import { loopMeter } from './loop-meter';
import { stallLog } from './stall-log';
import { cpuMsOf, heapSnapshotIfAsked, rssOf } from './stats';
import { threadProfiler } from './thread-profiler';

// PLAZA_TEST_OVERRIDES as `npm start` reads it: an A/B turns a fast path off with `without`.
const app = await buildApp({ ...loadConfig(), ...testOverrides(process.env.PLAZA_TEST_OVERRIDES) }, { logger: false });
await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
const addr = app.server.address();
const port = typeof addr === 'object' && addr ? addr.port : 0;

// With PROFILE_DIR, the conductor brackets each sending phase with profile on/off.
const profiler = process.env.PROFILE_DIR ? new Session() : null;
profiler?.connect();
// The writer thread's own profile: the main thread's does not see it.
const threads = profiler ? threadProfiler(profiler) : null;
await threads?.enable();

// With ALLOC_DIR, what a sending phase allocated, sampled by allocation site (bench/chat/alloc-summary.ts reads
// it). By default every allocation of the phase, written when it ends. ALLOC=live: only what is still alive
// ALLOC_AT seconds (default 10) into the phase, written then, while messages still flow: what lives that long
// outlives the young generation, and is the garbage full collections, which mark the whole heap, exist to find.
const allocations = process.env.ALLOC_DIR ? new Session() : null;
allocations?.connect();
const liveOnly = process.env.ALLOC === 'live';
let allocationsTaken: NodeJS.Timeout | null = null;
let sendingPhases = 0;

async function writeAllocations(name: string) {
  const { profile } = await allocations!.post('HeapProfiler.stopSampling');
  mkdirSync(process.env.ALLOC_DIR!, { recursive: true });
  writeFileSync(path.join(process.env.ALLOC_DIR!, `${name}${liveOnly ? '-live' : ''}.heapprofile`), JSON.stringify(profile));
}

// Garbage-collection pauses and event-loop delay during a phase: what a latency spike is made of.
let gcPauses: number[] = [];
// Full (mark-compact) collections apart: their count is what a larger young generation or a smaller heap moves.
let gcMajor = 0;
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) {
    gcPauses.push(e.duration);
    if ((e as { detail?: { kind?: number } }).detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR) gcMajor++;
  }
}).observe({ entryTypes: ['gc'] });
const meter = loopMeter();
// With STALLS=1, the longest stalls of each phase and what was in them. Off by default: its 1 ms timer and two
// CPU readings a tick cost the server about 16 µs a message at 1,000 a second, which the echo does not pay.
const stalls = process.env.STALLS === '1' ? stallLog() : null;
if (stalls)
  app.io.engine.on('connection', (socket: { on(event: 'packetCreate', fn: (p: { type: string }) => void): void }) =>
    socket.on('packetCreate', (p) => stalls.packet(p.type)),
  );
// The main thread's CPU over a phase; the rest of the process's is its other threads' (SQLite writer, GC helpers, libuv).
let mainCpuBefore = 0;

type ConductorMessage = { type: string; on?: boolean; name?: string };

async function onMessage(msg: ConductorMessage) {
  // How busy the event loop was during a sending phase: near 1 means the server itself is the limit.
  if (msg.type === 'profile' && msg.on) {
    gcPauses = [];
    gcMajor = 0;
    meter.start();
    stalls?.start();
    mainCpuBefore = cpuMsOf(process.pid, process.pid);
  }
  if (msg.type === 'profile' && !msg.on) {
    const reading = meter.stop();
    const longest = stalls?.stop() ?? [];
    if (reading)
      process.send?.({
        type: 'elu',
        ...reading,
        mainThreadCpuMs: cpuMsOf(process.pid, process.pid) - mainCpuBefore,
        gcTotalMs: gcPauses.reduce((a, b) => a + b, 0),
        gcMaxMs: Math.max(0, ...gcPauses),
        gcCount: gcPauses.length,
        gcMajor,
        stalls: longest,
      });
  }
  if (msg.type === 'profile' && profiler) {
    if (msg.on) {
      await profiler.post('Profiler.enable');
      await profiler.post('Profiler.start');
      await threads?.start();
    } else {
      const { profile } = await profiler.post('Profiler.stop');
      const others = (await threads?.stop()) ?? [];
      mkdirSync(process.env.PROFILE_DIR!, { recursive: true });
      const file = (suffix: string) => path.join(process.env.PROFILE_DIR!, `${msg.name ?? 'server'}${suffix}.cpuprofile`);
      writeFileSync(file(''), JSON.stringify(profile));
      for (const t of others) writeFileSync(file(`-${t.name}`), JSON.stringify(t.profile));
    }
  }
  if (msg.type === 'profile' && allocations) {
    if (msg.on) {
      await allocations.post('HeapProfiler.enable');
      await allocations.post('HeapProfiler.startSampling', {
        samplingInterval: 8192,
        includeObjectsCollectedByMajorGC: !liveOnly,
        includeObjectsCollectedByMinorGC: !liveOnly,
      });
      if (liveOnly) {
        const name = `phase-${++sendingPhases}`;
        allocationsTaken = setTimeout(
          () => {
            allocationsTaken = null;
            void writeAllocations(name);
          },
          Number(process.env.ALLOC_AT ?? 10) * 1000,
        );
      }
    } else if (!liveOnly) await writeAllocations(msg.name ?? 'server');
    else if (allocationsTaken) {
      // The phase ended first (ALLOC_AT beyond it): nothing is written.
      clearTimeout(allocationsTaken);
      allocationsTaken = null;
      await allocations.post('HeapProfiler.stopSampling');
    }
  }
  if (msg.type === 'gc') {
    (globalThis as { gc?: () => void }).gc?.();
    // A heap snapshot at each reading (idle, then with the clients) when HEAP_DIR asks for it.
    heapSnapshotIfAsked('plaza', app.io.engine.clientsCount);
    process.send?.({
      type: 'memory',
      rss: rssOf(process.pid),
      heapUsed: process.memoryUsage().heapUsed,
      sockets: app.io.engine.clientsCount,
    });
  }
  if (msg.type === 'exit')
    void app
      .close()
      .then(dropOwnRedisKeys)
      .then(() => process.exit(0));
}
/** The run's Redis keys (presence lives there for a day) go with it, once the server is closed; the prefix is this run's own. */
async function dropOwnRedisKeys(): Promise<void> {
  const [url, prefix] = [process.env.REDIS_URL, process.env.REDIS_KEY_PREFIX];
  if (!url || !prefix) return;
  const redis = connectRedis(url, app.log);
  try {
    await redis.ready(3000);
    for await (const keys of redis.commands.scanStream({ match: `${prefix}*`, count: 1000 }) as AsyncIterable<string[]>) {
      if (keys.length) await redis.commands.del(...keys);
    }
  } finally {
    redis.close();
  }
}

process.on('message', (msg: ConductorMessage) => void onMessage(msg));
process.send?.({ type: 'ready', port });

/**
 * The signed-in feed's long tasks: cold loads as a phone (./site.ts: slow 4G, CPU 4× slower through CDP),
 * each traced from navigation until the network is idle and a second has passed. For each load it counts
 * the main thread's tasks over 50 ms and their blocking time (each task's part over 50 ms, wall clock, as
 * total blocking time counts it, but over the whole load), which varies much less between runs on a busy
 * machine than Lighthouse's simulated TBT. With `--detail`, it prints each long task of the first load
 * with what ran in it (trace events and, from a CPU profile, the functions and files that took its time).
 *
 * With BEFORE_DIST (a copy of another apps/web/dist), a second server serves that build and the loads
 * alternate between the two, ROUNDS each (an A/B in the same minutes).
 *
 *   npm run build && npx tsx bench/web/long-tasks.ts --rounds=5 [--detail]
 *   BEFORE_DIST=/tmp/dist-before npx tsx bench/web/long-tasks.ts --port=3150
 */
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { option } from '../lib/load-tools';
import { CHROMIUM, CHROMIUM_ARGS, PHONE, loadAverage, median, prepareData, signIn, startServer, throttle } from './site';

const ROUNDS = option('rounds', 5);
const PORT = option('port', 3471);
const DETAIL = process.argv.includes('--detail');
const BEFORE_DIST = process.env.BEFORE_DIST;
const LONG_MS = 50;

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { url?: string; functionName?: string } };
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}

interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

interface LongTask {
  start: number;
  ms: number;
  events: Map<string, number>;
  functions: Map<string, number>;
  files: Map<string, number>;
}

interface Load {
  blockingMs: number;
  count: number;
  longest: number;
  tasks: LongTask[];
}

const file = (url: string) => (url ? (url.split('/').pop() ?? url).replace(/-[\w-]{8}\.js$/, '.js') : '(native)');
const add = (m: Map<string, number>, k: string, v: number) => m.set(k, (m.get(k) ?? 0) + v);
const top = (m: Map<string, number>, n: number) =>
  [...m]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([k, v]) => `${k} ${v.toFixed(0)}`)
    .join(', ');

/** What a long task ran, by trace event: scripts by file, layouts (forced when inside a script), style, paint, parsing. */
const INTERESTING = new Set([
  'FunctionCall',
  'EvaluateScript',
  'v8.evaluateModule',
  'Layout',
  'UpdateLayoutTree',
  'Paint',
  'ParseHTML',
  'TimerFire',
  'FireAnimationFrame',
  'RunMicrotasks',
  'Decode Image',
  'ParseAuthorStyleSheet',
]);

function longTasks(events: TraceEvent[], profile: Profile): LongTask[] {
  const threads = events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  // The page's renderer is the one whose main thread ran the most.
  let main: TraceEvent | undefined;
  let most = -1;
  for (const t of threads) {
    const busy = events.filter((e) => e.pid === t.pid && e.tid === t.tid && e.name === 'RunTask').reduce((s, e) => s + (e.dur ?? 0), 0);
    if (busy > most) [main, most] = [t, busy];
  }
  if (!main) return [];
  const onMain = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X');
  // From the document's first parse: before it, the new tab's own set-up (the same for every build).
  const parsed = Math.min(...onMain.filter((e) => e.name === 'ParseHTML').map((e) => e.ts));
  const tasks: LongTask[] = onMain
    .filter((e) => e.name === 'RunTask' && e.ts >= parsed && (e.dur ?? 0) / 1000 > LONG_MS)
    .map((e) => ({ start: e.ts, ms: (e.dur ?? 0) / 1000, events: new Map(), functions: new Map(), files: new Map() }));
  for (const task of tasks) {
    const end = task.start + task.ms * 1000;
    const inside = onMain.filter((e) => e.ts >= task.start && e.ts < end && INTERESTING.has(e.name));
    const scripts = inside.filter((e) => e.name === 'FunctionCall' || e.name === 'EvaluateScript' || e.name === 'v8.evaluateModule');
    for (const e of inside) {
      let label = e.name;
      if (e.name === 'Layout') label = scripts.some((s) => s.ts <= e.ts && e.ts < s.ts + (s.dur ?? 0)) ? 'Layout (forced)' : 'Layout';
      if (scripts.includes(e) && e.args?.data?.url) label = `${e.name} ${file(e.args.data.url)}`;
      // Only the outermost script event counts, so nested calls are not added twice.
      if (scripts.includes(e) && scripts.some((s) => s !== e && s.ts <= e.ts && e.ts + (e.dur ?? 0) <= s.ts + (s.dur ?? 0))) continue;
      add(task.events, label, (e.dur ?? 0) / 1000);
    }
  }
  // A task in which nothing of the page ran (no script, layout, style, paint or parse) is the tracing's own.
  const own = tasks.filter((k) => k.events.size > 0);
  // CPU profile samples (the same clock as the trace) attributed to the task they fall in.
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  let t = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    t += profile.timeDeltas[i];
    const dt = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    const task = own.find((k) => t >= k.start && t < k.start + k.ms * 1000);
    const node = byId.get(profile.samples[i]);
    if (!task || !node) continue;
    const { functionName, url } = node.callFrame;
    add(task.functions, `${functionName || '(anonymous)'}@${file(url)}`, dt);
    add(task.files, file(url), dt);
  }
  return own;
}

async function coldLoad(context: BrowserContext, origin: string): Promise<Load> {
  const page = await context.newPage();
  const cdp = await throttle(page);
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (e) => events.push(...(e.value as unknown as TraceEvent[])));
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Tracing.start', {
    categories: 'devtools.timeline,disabled-by-default-devtools.timeline,v8.execute,toplevel,__metadata',
    transferMode: 'ReportEvents',
  });
  await cdp.send('Profiler.start');
  await page.goto(`${origin}/feeds`);
  // No locator while tracing: Playwright's injected script would be a long task of its own.
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1000);
  const { profile } = await cdp.send('Profiler.stop');
  const done = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.end');
  await done;
  // The load is over (the trace has ended): this only checks that the whole first page did render. On a busy
  // machine at 4× the page's last posts can come a few seconds after the network went idle.
  await page.getByText('Bench post 0').waitFor({ timeout: 15_000 });
  await page.close();
  const tasks = longTasks(events, profile as unknown as Profile);
  return {
    blockingMs: tasks.reduce((s, k) => s + k.ms - LONG_MS, 0),
    count: tasks.length,
    longest: Math.max(0, ...tasks.map((k) => k.ms)),
    tasks,
  };
}

interface Site {
  name: string;
  origin: string;
  server: ChildProcess;
  dataDir: string;
  storage?: Awaited<ReturnType<BrowserContext['storageState']>>;
  loads: Load[];
}

async function site(name: string, port: number, webDist?: string): Promise<Site> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'plaza-bench-long-tasks-'));
  const origin = `http://127.0.0.1:${port}`;
  const server = await startServer(port, dataDir, webDist);
  await prepareData(origin);
  return { name, origin, server, dataDir, loads: [] };
}

function printDetail(s: Site) {
  const first = s.loads[0];
  console.log(`\n${s.name}, first load: ${first.count} long tasks`);
  const t0 = first.tasks[0]?.start ?? 0;
  for (const k of first.tasks) {
    console.log(`- at +${((k.start - t0) / 1000).toFixed(0)} ms, ${k.ms.toFixed(0)} ms`);
    console.log(`    events: ${top(k.events, 8)}`);
    console.log(`    files: ${top(k.files, 6)}`);
    console.log(`    functions (self): ${top(k.functions, 8)}`);
  }
}

async function main() {
  console.log(`Load average at the start: ${loadAverage()}`);
  const sites: Site[] = [];
  let browser: Browser | undefined;
  try {
    if (BEFORE_DIST) sites.push(await site('before', PORT + 2, BEFORE_DIST));
    sites.push(await site(BEFORE_DIST ? 'after' : 'this build', PORT));
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    for (const s of sites) {
      const setup = await browser.newContext({ serviceWorkers: 'block' });
      await signIn(setup, s.origin);
      s.storage = await setup.storageState();
      await setup.close();
    }
    for (let round = 0; round < ROUNDS; round++) {
      // Alternate which build goes first, so a drift in the machine's load falls on both.
      const order = round % 2 === 0 ? sites : [...sites].reverse();
      for (const s of order) {
        const context = await browser.newContext({ ...PHONE, storageState: s.storage });
        const load = await coldLoad(context, s.origin);
        s.loads.push(load);
        await context.close();
        console.log(
          `${s.name} round ${round + 1}: ${load.count} long tasks, blocking ${load.blockingMs.toFixed(0)} ms, longest ${load.longest.toFixed(0)} ms`,
        );
      }
    }
    if (DETAIL) for (const s of sites) printDetail(s);
    console.log(`\nLoad average at the end: ${loadAverage()}; ${ROUNDS} cold feed loads each, median`);
    console.log("| Build | Long tasks | Blocking time (ms) | Longest task (ms) | Each load's blocking time (ms) |");
    console.log('|---|---:|---:|---:|---|');
    for (const s of sites)
      console.log(
        `| ${s.name} | ${median(s.loads.map((l) => l.count))} | ${median(s.loads.map((l) => l.blockingMs)).toFixed(0)} | ${median(s.loads.map((l) => l.longest)).toFixed(0)} | ${s.loads.map((l) => l.blockingMs.toFixed(0)).join(', ')} |`,
      );
  } finally {
    await browser?.close();
    for (const s of sites) {
      s.server.kill('SIGTERM');
      rmSync(s.dataDir, { recursive: true, force: true });
    }
  }
}

await main();

/**
 * Cold loads of Plaza's screens as a phone on slow 4G sees them: Chromium with the network throttled
 * through CDP (150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up) and the CPU slowed 4×, as
 * Lighthouse's mobile run does. For each screen: JavaScript bytes over the wire (compressed), all bytes,
 * first contentful paint and largest contentful paint, median of ROUNDS loads with an empty cache.
 * Then Lighthouse's mobile performance score of login and the feed, LIGHTHOUSE_RUNS (5) runs each at Lighthouse's
 * default CPU multiplier (4×) and as many with the multiplier calibrated from the host's benchmarkIndex
 * (./lighthouse.ts; LIGHTHOUSE=0 skips it).
 *
 *   npm run build && npx tsx bench/web/run.ts        # ROUNDS=3
 */
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { option } from '../lib/load-tools';
import { lighthouseScores } from './lighthouse';
import { CHROMIUM, CHROMIUM_ARGS, PHONE, loadAverage, median, prepareData, signIn, startServer, throttle } from './site';

const ROUNDS = option('rounds', 3);
const LIGHTHOUSE = process.env.LIGHTHOUSE !== '0';
// Lighthouse's docs (variability.md) recommend the median of five runs.
const LIGHTHOUSE_RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 5);
const PORT = option('port', 3471);
const origin = `http://127.0.0.1:${PORT}`;

interface Load {
  jsBytes: number;
  allBytes: number;
  fcp: number;
  lcp: number;
}

const PAINT_OBSERVER = `
  window.__lcp = 0;
  new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__lcp = e.startTime; })
    .observe({ type: 'largest-contentful-paint', buffered: true });
`;

async function coldLoad(context: BrowserContext, url: string, ready: (page: Page) => Promise<unknown>): Promise<Load> {
  const page = await context.newPage();
  await page.addInitScript(PAINT_OBSERVER);
  const cdp = await throttle(page);
  const types = new Map<string, string>();
  let jsBytes = 0;
  let allBytes = 0;
  cdp.on('Network.responseReceived', (e) => types.set(e.requestId, e.type));
  cdp.on('Network.loadingFinished', (e) => {
    allBytes += e.encodedDataLength;
    if (types.get(e.requestId) === 'Script') jsBytes += e.encodedDataLength;
  });
  await page.goto(`${origin}${url}`);
  await ready(page);
  await page.waitForLoadState('networkidle');
  // LCP is final at the first input or when the page is hidden; a short pause lets late paints land.
  await page.waitForTimeout(500);
  const { fcp, lcp } = await page.evaluate(() => ({
    fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0,
    lcp: (window as unknown as { __lcp: number }).__lcp,
  }));
  await page.close();
  return { jsBytes, allBytes, fcp, lcp };
}

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'plaza-bench-web-'));
  const server = await startServer(PORT, dataDir);
  let browser: Browser | undefined;
  try {
    await prepareData(origin);
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    // A signed-in browser profile, made once without throttling; each cold load starts from its storage.
    const setup = await browser.newContext({ serviceWorkers: 'block' });
    await signIn(setup, origin);
    const signedIn = await setup.storageState();
    await setup.close();

    const screens: Array<{ name: string; url: string; signedIn: boolean; ready: (p: Page) => Promise<unknown> }> = [
      { name: 'login', url: '/auth/login', signedIn: false, ready: (p) => p.getByRole('button', { name: 'Log in' }).waitFor() },
      { name: 'signup', url: '/auth/signup', signedIn: false, ready: (p) => p.getByRole('heading', { level: 1 }).waitFor() },
      { name: 'feed', url: '/feeds', signedIn: true, ready: (p) => p.getByText('Bench post 5').waitFor({ timeout: 60_000 }) },
      {
        name: 'network',
        url: '/network',
        signedIn: true,
        ready: (p) => p.getByText('Bench bench_friend').first().waitFor({ timeout: 60_000 }),
      },
      { name: 'chat', url: '/chat', signedIn: true, ready: (p) => p.getByRole('heading').first().waitFor({ timeout: 60_000 }) },
    ];
    const rows: string[] = [];
    for (const screen of screens) {
      const loads: Load[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        const context = await browser.newContext({
          ...PHONE,
          ...(screen.signedIn ? { storageState: signedIn } : {}),
        });
        loads.push(await coldLoad(context, screen.url, screen.ready));
        await context.close();
      }
      const kb = (n: number) => (n / 1024).toFixed(0);
      rows.push(
        `| ${screen.name} | ${kb(median(loads.map((l) => l.jsBytes)))} | ${kb(median(loads.map((l) => l.allBytes)))} | ${(median(loads.map((l) => l.fcp)) / 1000).toFixed(2)} | ${(median(loads.map((l) => l.lcp)) / 1000).toFixed(2)} |`,
      );
    }
    console.log(`\nLoad average at the end: ${loadAverage()}; ${ROUNDS} cold loads per screen, median`);
    console.log('| Screen | JS over the wire (KB) | All bytes (KB) | FCP (s) | LCP (s) |');
    console.log('|---|---:|---:|---:|---:|');
    for (const row of rows) console.log(row);
    await browser.close();
    browser = undefined;
    if (LIGHTHOUSE) {
      console.log(
        `\nLighthouse mobile (simulated throttling), ${LIGHTHOUSE_RUNS} runs per screen and column, alternating; load average before: ${loadAverage()}`,
      );
      const screens = await lighthouseScores(origin, {
        executablePath: CHROMIUM,
        args: CHROMIUM_ARGS,
        port: PORT + 1,
        runs: LIGHTHOUSE_RUNS,
        signIn: (c) => signIn(c, origin),
        onRun: (screen, column, r) => {
          console.log(
            `  ${screen} ${column}: CPU ×${r.cpuMultiplier.toFixed(2)}, benchmarkIndex ${r.benchmarkIndex.toFixed(0)}: ${r.score} (TBT ${r.tbtMs.toFixed(0)} ms, LCP ${(r.lcpMs / 1000).toFixed(2)} s); load ${loadavg()[0].toFixed(2)}`,
          );
          for (const warning of r.warnings) console.log(`    Lighthouse warns: ${warning}`);
        },
      });
      console.log(`\nLoad average at the end: ${loadAverage()}; the run with the median score of each column`);
      console.log(
        '| Screen | CPU multiplier | Performance (median) | LCP (s) | TBT (ms) | CLS | Scores of all runs | benchmarkIndex (runs) |',
      );
      console.log('|---|---|---:|---:|---:|---:|---|---|');
      for (const s of screens)
        for (const [label, column] of [
          ['×4 (Lighthouse default)', s.default],
          ['calibrated', s.calibrated],
        ] as const) {
          const m = column.median;
          const multipliers = column.runs.map((r) => r.cpuMultiplier);
          const multiplier =
            label === 'calibrated' ? `calibrated ×${Math.min(...multipliers).toFixed(2)}–${Math.max(...multipliers).toFixed(2)}` : label;
          console.log(
            `| ${s.screen} | ${multiplier} | ${m.score} | ${(m.lcpMs / 1000).toFixed(2)} | ${m.tbtMs.toFixed(0)} | ${m.cls.toFixed(3)} | ${column.runs.map((r) => r.score).join(', ')} | ${column.runs.map((r) => r.benchmarkIndex.toFixed(0)).join(', ')} |`,
          );
        }
    }
  } finally {
    await browser?.close();
    server.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();

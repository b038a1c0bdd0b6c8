/**
 * Lighthouse's mobile performance run (its default settings: a mid-range phone's screen, slow 4G and a
 * 4× slower CPU, simulated) on the login screen and on the signed-in feed, in Debian's Chromium started by
 * Playwright and reached over its debugging port. Nothing is downloaded: Lighthouse drives the browser
 * it is given. Each URL starts cold: HTTP cache, service worker and its caches cleared; the feed keeps the
 * stored session (Lighthouse's own storage reset would sign it out).
 *
 * Each screen is run `runs` times in two columns, the runs alternating so that a busy minute falls on both:
 * - *default*: Lighthouse's own mobile settings, the CPU multiplier 4× as it is;
 * - *calibrated*: the same run with the CPU multiplier calibrated from the host's measured benchmarkIndex
 *   (`calibratedMultiplier` below), each calibrated run using the index its default run just measured.
 * A column reports the run with the median score (Lighthouse recommends the median of five runs) with that
 * run's TBT, LCP and CLS, the host's benchmarkIndex of every run and the warnings Lighthouse gave.
 */
import lighthouse from 'lighthouse';
import { chromium, type BrowserContext } from 'playwright-core';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Lighthouse's default mobile CPU multiplier (`constants.throttling.mobileSlow4G.cpuSlowdownMultiplier`). */
export const DEFAULT_CPU_MULTIPLIER = 4;

/**
 * The CPU multiplier that brings a host of this `benchmarkIndex` to the device Lighthouse's default mobile
 * run stands for. Lighthouse's docs/throttling.md ("Calibrating the CPU slowdown"): the constant 4× moves a
 * typical high-end desktop (benchmarkIndex 1500–2000) into the mid-tier mobile bracket (125–800, a Moto G4);
 * on a host whose index lies elsewhere, calibrate the multiplier from it, as the calculator the docs link to
 * (lighthouse-cpu-throttling-calculator, `computeMultiplierMessages`) does, piecewise linear:
 * 1533 → 4× (the reference: the default's host), 1300 → 3×, 800 → 2×, 150 → 1×; below 150 the host cannot
 * emulate the target device (no slowdown left to remove), so the multiplier stays 1×.
 */
export function calibratedMultiplier(benchmarkIndex: number): number {
  if (benchmarkIndex >= 1300) return 3 + (benchmarkIndex - 1300) / 233;
  if (benchmarkIndex >= 800) return 2 + (benchmarkIndex - 800) / 500;
  if (benchmarkIndex >= 150) return 1 + (benchmarkIndex - 150) / 650;
  return 1;
}

export interface LighthouseRun {
  score: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  benchmarkIndex: number;
  cpuMultiplier: number;
  warnings: string[];
}

export interface LighthouseColumn {
  /** The run with the median score. */
  median: LighthouseRun;
  runs: LighthouseRun[];
}

export interface LighthouseScreen {
  screen: string;
  default: LighthouseColumn;
  calibrated: LighthouseColumn;
}

async function clearCaches(context: BrowserContext, origin: string): Promise<void> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'service_workers,cache_storage' });
  await page.close();
}

/** The run whose score is the median (the lower middle one for an even count), with its own metrics. */
function medianRun(runs: LighthouseRun[]): LighthouseRun {
  return [...runs].sort((a, b) => a.score - b.score)[Math.floor((runs.length - 1) / 2)];
}

/** Runs Lighthouse on `screens` (login signed out, the rest signed in through `signIn`). */
export async function lighthouseScores(
  origin: string,
  options: {
    executablePath: string;
    args: string[];
    port: number;
    runs: number;
    signIn: (context: BrowserContext) => Promise<void>;
    /** Called after each run, so a long series shows its progress. */
    onRun?: (screen: string, column: 'default' | 'calibrated', run: LighthouseRun) => void;
  },
): Promise<LighthouseScreen[]> {
  const profile = mkdtempSync(path.join(tmpdir(), 'plaza-lighthouse-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: options.executablePath,
    args: [...options.args, `--remote-debugging-port=${options.port}`],
  });
  const results: LighthouseScreen[] = [];
  try {
    const screens = [
      { screen: 'login', url: '/auth/login', signedIn: false },
      { screen: 'feed', url: '/feeds', signedIn: true },
    ];
    for (const { screen, url, signedIn } of screens) {
      // Once: the session stays stored between runs (signed in, the login screen sends the visitor on to the feed).
      if (signedIn) await options.signIn(context);
      const run = async (cpuMultiplier: number, name: string, attempt = 1): Promise<LighthouseRun> => {
        await clearCaches(context, origin);
        const result = await lighthouse(`${origin}${url}`, {
          port: options.port,
          onlyCategories: ['performance'],
          logLevel: 'error',
          disableStorageReset: signedIn,
          // The CLI's channel: Lighthouse adds its slow-host warning only there ("The tested device
          // appears to have a slower CPU than Lighthouse expects", benchmarkIndex ≤ 1000 at the default 4×).
          channel: 'cli',
          ...(cpuMultiplier === DEFAULT_CPU_MULTIPLIER ? {} : { throttling: { cpuSlowdownMultiplier: cpuMultiplier } }),
        });
        const lhr = result?.lhr;
        if (!lhr) throw new Error(`Lighthouse gave no result for ${url}`);
        if (lhr.runtimeError) {
          // A trace that failed to record (NO_NAVSTART and the like): Lighthouse asks to run again, so a series
          // retries a run once rather than losing the runs made so far.
          if (attempt === 1) {
            console.log(`  ${screen}: Lighthouse failed (${lhr.runtimeError.code}), running again`);
            return run(cpuMultiplier, name, 2);
          }
          throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
        }
        if (signedIn && new URL(lhr.finalDisplayedUrl).pathname !== url)
          throw new Error(`Lighthouse on ${url} ended at ${lhr.finalDisplayedUrl}`);
        // LIGHTHOUSE_JSON=/tmp/lh keeps each full report (/tmp/lh-feed-default-1.json) for a closer look.
        if (process.env.LIGHTHOUSE_JSON) writeFileSync(`${process.env.LIGHTHOUSE_JSON}-${screen}-${name}.json`, JSON.stringify(lhr));
        const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
        return {
          score: Math.round((lhr.categories.performance.score ?? 0) * 100),
          lcpMs: audit('largest-contentful-paint'),
          tbtMs: audit('total-blocking-time'),
          cls: audit('cumulative-layout-shift'),
          benchmarkIndex: lhr.environment.benchmarkIndex,
          cpuMultiplier: lhr.configSettings.throttling.cpuSlowdownMultiplier,
          warnings: lhr.runWarnings.map(String),
        };
      };
      const defaults: LighthouseRun[] = [];
      const calibrated: LighthouseRun[] = [];
      for (let i = 1; i <= options.runs; i++) {
        const plain = await run(DEFAULT_CPU_MULTIPLIER, `default-${i}`);
        defaults.push(plain);
        options.onRun?.(screen, 'default', plain);
        const tuned = await run(calibratedMultiplier(plain.benchmarkIndex), `calibrated-${i}`);
        calibrated.push(tuned);
        options.onRun?.(screen, 'calibrated', tuned);
      }
      results.push({
        screen,
        default: { median: medianRun(defaults), runs: defaults },
        calibrated: { median: medianRun(calibrated), runs: calibrated },
      });
    }
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
  return results;
}

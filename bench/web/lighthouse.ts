/**
 * Lighthouse's mobile performance run (its default settings: a mid-range phone's screen, slow 4G and a
 * 4× slower CPU, simulated) on the login screen and on the signed-in feed, in Debian's Chromium started by
 * Playwright and reached over its debugging port. Nothing is downloaded: Lighthouse drives the browser
 * it is given. Each URL starts cold: HTTP cache, service worker and its caches cleared; the feed keeps the
 * stored session (Lighthouse's own storage reset would sign it out).
 */
import lighthouse from 'lighthouse';
import { chromium, type BrowserContext } from 'playwright-core';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface LighthouseScore {
  screen: string;
  score: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
}

async function clearCaches(context: BrowserContext, origin: string): Promise<void> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'service_workers,cache_storage' });
  await page.close();
}

/** Runs Lighthouse on `screens` (login signed out, the rest signed in through `signIn`). */
export async function lighthouseScores(
  origin: string,
  options: { executablePath: string; args: string[]; port: number; signIn: (context: BrowserContext) => Promise<void> },
): Promise<LighthouseScore[]> {
  const profile = mkdtempSync(path.join(tmpdir(), 'plaza-lighthouse-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: options.executablePath,
    args: [...options.args, `--remote-debugging-port=${options.port}`],
  });
  const scores: LighthouseScore[] = [];
  try {
    const screens = [
      { screen: 'login', url: '/auth/login', signedIn: false },
      { screen: 'feed', url: '/feeds', signedIn: true },
    ];
    for (const { screen, url, signedIn } of screens) {
      if (signedIn) await options.signIn(context);
      await clearCaches(context, origin);
      const result = await lighthouse(`${origin}${url}`, {
        port: options.port,
        onlyCategories: ['performance'],
        logLevel: 'error',
        disableStorageReset: signedIn,
      });
      const lhr = result?.lhr;
      if (!lhr) throw new Error(`Lighthouse gave no result for ${url}`);
      if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
      if (signedIn && new URL(lhr.finalDisplayedUrl).pathname !== url)
        throw new Error(`Lighthouse on ${url} ended at ${lhr.finalDisplayedUrl}`);
      // LIGHTHOUSE_JSON=/tmp/lh keeps each full report (/tmp/lh-feed.json) for a closer look.
      if (process.env.LIGHTHOUSE_JSON) writeFileSync(`${process.env.LIGHTHOUSE_JSON}-${screen}.json`, JSON.stringify(lhr));
      const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
      scores.push({
        screen,
        score: Math.round((lhr.categories.performance.score ?? 0) * 100),
        lcpMs: audit('largest-contentful-paint'),
        tbtMs: audit('total-blocking-time'),
        cls: audit('cumulative-layout-shift'),
      });
    }
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
  return scores;
}

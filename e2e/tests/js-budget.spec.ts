/**
 * JavaScript budgets per screen (bench/README.md "Web app on a phone"): the compressed bytes of script a
 * cold load of the screen transfers, as Chromium counts them, must stay under the screen's budget. Bytes
 * do not depend on the machine's load, so this runs in CI; paint times belong to bench/web only.
 */
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { createAccount, loginViaUi } from './helpers';

const BUDGET_KB = { login: 80, signup: 80, feed: 220 } as const;

interface Load {
  scriptBytes: number;
  urls: string[];
}

async function coldLoad(context: BrowserContext, url: string, ready: (page: Page) => Promise<unknown>): Promise<Load> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const scripts = new Map<string, string>();
  const load: Load = { scriptBytes: 0, urls: [] };
  cdp.on('Network.requestWillBeSent', (e) => load.urls.push(e.request.url));
  cdp.on('Network.responseReceived', (e) => {
    if (e.type === 'Script') scripts.set(e.requestId, e.response.url);
  });
  cdp.on('Network.loadingFinished', (e) => {
    if (scripts.has(e.requestId)) load.scriptBytes += e.encodedDataLength;
  });
  await page.goto(url);
  await ready(page);
  await page.waitForLoadState('networkidle');
  await page.close();
  return load;
}

const kb = (bytes: number) => Math.round(bytes / 102.4) / 10;

test('login and signup load at most 80 KB of compressed JavaScript, and nothing of the signed-in app', async ({ browser }) => {
  const context = await browser.newContext();
  for (const [name, url, ready] of [
    ['login', '/auth/login', (p: Page) => p.getByRole('button', { name: 'Log in' }).waitFor()],
    ['signup', '/auth/signup', (p: Page) => p.getByRole('button', { name: 'Create account' }).waitFor()],
  ] as const) {
    const load = await coldLoad(context, url, ready);
    console.log(`${name}: ${kb(load.scriptBytes)} KB of JavaScript (budget ${BUDGET_KB[name]} KB)`);
    expect(load.scriptBytes, `${name} JavaScript bytes`).toBeLessThanOrEqual(BUDGET_KB[name] * 1024);
    // No live connection, no signed-in app's chunk before a login.
    expect(load.urls.filter((u) => u.includes('/socket.io/') || /\/assets\/start-/.test(u))).toEqual([]);
  }
  await context.close();
});

test('the signed-in feed loads at most 220 KB of compressed JavaScript', async ({ browser, request }) => {
  const account = await createAccount(request, 'Budget Reader');
  const context = await browser.newContext();
  const page = await context.newPage();
  await loginViaUi(page, account);
  await page.close();
  const load = await coldLoad(context, '/feeds', (p) => p.getByRole('heading', { level: 1 }).first().waitFor());
  console.log(`feed: ${kb(load.scriptBytes)} KB of JavaScript (budget ${BUDGET_KB.feed} KB)`);
  expect(load.scriptBytes, 'feed JavaScript bytes').toBeLessThanOrEqual(BUDGET_KB.feed * 1024);
  await context.close();
});

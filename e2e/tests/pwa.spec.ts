/** The app installs as a PWA and answers page loads without a network. */
import { expect, test, type Browser } from '@playwright/test';

/** The login page in a context that lets the service worker run, once the worker is installed. */
async function loginPageWithServiceWorker(browser: Browser) {
  const context = await browser.newContext({ serviceWorkers: 'allow' });
  const page = await context.newPage();
  await page.goto('/auth/login');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  return { context, page };
}

test('the manifest names the app, its icons and a standalone display', async ({ request }) => {
  const res = await request.get('/manifest.webmanifest');
  expect(res.ok()).toBe(true);
  const manifest = (await res.json()) as { name: string; display: string; start_url: string; icons: { sizes: string; purpose: string }[] };
  expect(manifest).toMatchObject({ name: 'Plaza', display: 'standalone', start_url: '/feeds' });
  expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual(
    expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']),
  );
  for (const icon of ['/icon-192.png', '/icon-512.png', '/icon-maskable-512.png']) expect((await request.get(icon)).ok()).toBe(true);
});

test('Chromium finds the app installable: manifest, icons and a service worker that answers page loads', async ({ browser }) => {
  const { context, page } = await loginPageWithServiceWorker(browser);
  const cdp = await context.newCDPSession(page);
  // A test's browser context is a private window, where nothing installs: that one reason is the browser's, not the app's.
  const errors = async () =>
    (await cdp.send('Page.getInstallabilityErrors')).installabilityErrors.map((e) => e.errorId).filter((id) => id !== 'in-incognito');
  await expect.poll(errors, { timeout: 20_000 }).toEqual([]);
  await context.close();
});

test("after one visit, a page load without a network shows Plaza's own screens, never the browser's error", async ({ browser }) => {
  const { context, page } = await loginPageWithServiceWorker(browser);
  // The first load was not controlled yet; the next one is.
  await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);

  await context.setOffline(true);
  // A screen visited before comes from the cache as it was.
  await page.goto('/auth/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeVisible();
  // A screen never visited cannot be fetched: Plaza says so itself, with a way to retry.
  await page.goto('/network');
  await expect(page.getByRole('heading', { level: 1, name: "This page couldn't be loaded" })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reload' })).toBeVisible();
  await context.setOffline(false);
  await context.close();
});

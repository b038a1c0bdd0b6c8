/** The app's frame: its page for any app address, where toasts appear, and the offer of a new version. */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { createAccount, loginViaUi, newSignedInContext, useTheme } from './helpers';
import { ownServer } from './own-server';

test('app addresses answer with the app page whatever the request accepts, as link previewers ask; API addresses never do', async ({
  request,
}) => {
  for (const url of ['/feeds', '/network', '/profile/x', '/network/u/profile/a/visited/b', '/chat?with=x']) {
    for (const accept of ['*/*', 'text/html,application/xhtml+xml', 'image/webp,*/*']) {
      const res = await request.get(url, { headers: { accept } });
      expect(res.status(), `${url} with Accept: ${accept}`).toBe(200);
      expect(res.headers()['content-type']).toContain('text/html');
      expect(await res.text()).toContain('<div id="root">');
    }
    expect((await request.head(url, { headers: { accept: '*/*' } })).status()).toBe(200);
  }
  // A client asking for JSON only gets the JSON 404, as does any API or media address.
  const jsonOnly = await request.get('/network', { headers: { accept: 'application/json' } });
  expect(jsonOnly.status()).toBe(404);
  expect(jsonOnly.headers()['content-type']).toContain('application/json');
  expect((await request.get('/api/v1/no-such-thing', { headers: { accept: '*/*' } })).status()).toBe(404);
});

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
const inside = (inner: Box, outer: Box) =>
  inner.x >= outer.x &&
  inner.y >= outer.y &&
  inner.x + inner.width <= outer.x + outer.width &&
  inner.y + inner.height <= outer.y + outer.height;

/** The box of a settled element (a toast slides in). */
async function settledBox(locator: Locator): Promise<Box> {
  let last = '';
  await expect
    .poll(async () => {
      const box = JSON.stringify(await locator.boundingBox());
      const same = box === last;
      last = box;
      return same;
    })
    .toBe(true);
  return JSON.parse(last) as Box;
}

async function saveToastOn(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Save post' }).first().click();
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Saved to favorites' });
  await expect(toast).toBeVisible();
  return toast;
}

for (const { width, where } of [
  { width: 390, where: 'at the bottom, above the navigation' },
  { width: 1280, where: 'top right' },
] as const) {
  test(`at ${width} px a toast shows ${where}, covering neither the search box nor the navigation, with its close button inside`, async ({
    browser,
    request,
  }) => {
    const me = await createAccount(request, 'Tess Toast');
    const post = await request.post('/api/v1/posts', {
      multipart: { content: 'A post to save' },
      headers: { authorization: `Bearer ${me.accessToken}` },
    });
    expect(post.status()).toBe(201);
    const { context, page } = await newSignedInContext(browser, me, { width });
    const viewport = page.viewportSize()!;
    const toast = await saveToastOn(page);
    const box = await settledBox(toast);

    const search = await page.getByRole('combobox').first().boundingBox();
    const nav = await page.locator('[aria-label="Main navigation"]:visible').boundingBox();
    expect(search && nav).toBeTruthy();
    expect(overlaps(box, search!)).toBe(false);
    expect(overlaps(box, nav!)).toBe(false);
    if (width < 768) {
      expect(box.y + box.height).toBeLessThanOrEqual(nav!.y);
      expect(box.y).toBeGreaterThan(viewport.height / 2);
    } else {
      expect(box.y).toBeLessThan(viewport.height / 4);
      expect(box.x + box.width).toBeGreaterThan(viewport.width - 40);
    }

    const close = toast.locator('[data-close-button]');
    expect(inside((await close.boundingBox())!, box)).toBe(true);
    await close.click();
    await expect(toast).toHaveCount(0);
    await context.close();
  });
}

test('at 1280 px the sidebar column runs to the end of every page, long or short, in both themes', async ({ browser, request }) => {
  const me = await createAccount(request, 'Sid Sidebar');
  const { context, page } = await newSignedInContext(browser, me);
  await page.setViewportSize({ width: 1280, height: 800 });
  const profile = `/network/u/profile/${me.userName}/visited/${me.userName}`;
  for (const theme of ['light', 'dark'] as const) {
    await useTheme(page, theme);
    // Settings, the profile and Security are longer than the screen; the network, saved posts and chat are not.
    for (const url of ['/settings/account', '/settings/security', profile, '/network', '/favorites', '/chat']) {
      await page.goto(url);
      await expect(
        page
          .getByRole('heading', { level: 1 })
          .or(page.getByRole('heading', { name: 'Conversations' }))
          .first(),
      ).toBeVisible();
      // What a full-page capture (or a print) shows below the first screen: the column, not a strip of page background.
      const gap = await page.evaluate(() => {
        const column = document.querySelector('aside[aria-label="Main navigation"]')!.getBoundingClientRect();
        // scrollHeight is whole pixels while the column may end on a fraction of one: round to what shows
        // (and read -0 as 0).
        const px = (n: number) => Math.round(n) || 0;
        return { top: px(column.top + scrollY), bottomGap: px(document.documentElement.scrollHeight - (column.bottom + scrollY)) };
      });
      expect(gap, `${url} in ${theme}`).toEqual({ top: 0, bottomGap: 0 });
      const sidebar = page.getByRole('complementary', { name: 'Main navigation' });
      // Scrolled to the end, its links stay on screen under the navbar and Collapse at the bottom.
      await page.mouse.wheel(0, 5_000);
      const links = await sidebar.getByRole('link', { name: 'Feed' }).boundingBox();
      const collapse = await sidebar.getByRole('button', { name: 'Collapse sidebar' }).boundingBox();
      expect(links!.y, `${url} in ${theme}`).toBeGreaterThan(64);
      expect(links!.y).toBeLessThan(120);
      expect(collapse!.y + collapse!.height).toBeGreaterThan(800 - 40);
      expect(collapse!.y + collapse!.height).toBeLessThanOrEqual(800);
    }
  }
  // The chat card sits as far above the bottom of the screen as below the navbar, with no page scroll.
  await page.goto('/chat');
  const card = await page.getByRole('heading', { name: 'Chat', level: 1 }).locator('..').boundingBox();
  expect(card!.y - 64).toBe(16);
  expect(800 - (card!.y + card!.height)).toBe(16);
  expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBe(800);
  await context.close();
});

test('when a new version is waiting, a toast offers it and Reload switches to it', async ({ browser, playwright }) => {
  test.setTimeout(120_000);
  // A build of the server's own, so that a redeploy can be played by changing its service worker.
  const dist = mkdtempSync(path.join(tmpdir(), 'plaza-e2e-dist-'));
  cpSync(path.resolve(import.meta.dirname, '../../apps/web/dist'), dist, { recursive: true });
  const server = ownServer({ portOffset: 6, webDist: dist });
  await server.start();
  const request = await playwright.request.newContext({ baseURL: server.url });
  try {
    const me = await createAccount(request, 'Uma Update');
    const context = await browser.newContext({ baseURL: server.url, serviceWorkers: 'allow', viewport: { width: 1280, height: 860 } });
    const page = await context.newPage();
    await loginViaUi(page, me);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
    const newVersion = page.locator('[data-sonner-toast]').filter({ hasText: 'New version available' });
    await expect(page.getByRole('heading', { name: 'Home' })).toBeVisible();
    await expect(newVersion).toHaveCount(0);

    // The redeploy: a service worker that differs, with its compressed copies, as the build writes them.
    const worker = `${readFileSync(path.join(dist, 'sw.js'), 'utf8')}\n// The next build.\n`;
    writeFileSync(path.join(dist, 'sw.js'), worker);
    writeFileSync(path.join(dist, 'sw.js.br'), brotliCompressSync(worker));
    writeFileSync(path.join(dist, 'sw.js.gz'), gzipSync(worker));
    await page.evaluate(async () => {
      await (await navigator.serviceWorker.getRegistration())?.update();
    });
    await expect(newVersion).toBeVisible({ timeout: 20_000 });
    await expect(newVersion).toContainText('Reload to get the latest Plaza.');

    await page.evaluate(() => ((window as unknown as { beforeReload: boolean }).beforeReload = true));
    const reloaded = page.waitForEvent('load');
    await newVersion.getByRole('button', { name: 'Reload' }).click();
    await reloaded;
    await expect(page.getByRole('heading', { name: 'Home' })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { beforeReload?: boolean }).beforeReload)).toBeUndefined();
    // The new worker took over: nothing waits any more, and no offer is repeated.
    await expect.poll(() => page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting))).toBe(false);
    await expect(newVersion).toHaveCount(0);
    await context.close();
  } finally {
    await request.dispose();
    await server.stop();
    server.cleanup();
    rmSync(dist, { recursive: true, force: true });
  }
});

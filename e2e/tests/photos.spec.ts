/** Feed photos on a phone's 2× screen: sharp (the size srcset and sizes pick), and in their frame before they load. */
import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createAccount, loginViaUi } from './helpers';

const POST_IMAGE = path.resolve(import.meta.dirname, '../fixtures/post.png');

test('a feed photo on a 390 px, 2× phone is sharp and moves nothing when it arrives', async ({ browser, request }) => {
  const me = await createAccount(request, 'Pia Photo');
  const res = await request.post('/api/v1/posts', {
    multipart: {
      content: 'A photo from the harbour',
      images: { name: 'post.png', mimeType: 'image/png', buffer: readFileSync(POST_IMAGE) },
    },
    headers: { authorization: `Bearer ${me.accessToken}` },
  });
  expect(res.status()).toBe(201);

  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await page.addInitScript(() => {
    const w = window as unknown as { layoutShift: number };
    w.layoutShift = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
        if (!e.hadRecentInput) w.layoutShift += e.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await loginViaUi(page, me);
  // Photos arrive late, as on a slow network, so their frame can be seen without them.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/media\/posts\//, async (route) => {
    await held;
    await route.continue();
  });
  await page.reload();

  // Other specs' photos can follow as suggestions: this person's own post is the one.
  const frame = page.getByRole('article', { name: 'Pia Photo' }).getByRole('button', { name: 'Open image 1 of 1' });
  const img = frame.getByRole('img');
  await expect(frame).toBeVisible();
  expect(await img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(false);
  const before = (await frame.boundingBox())!;
  expect(before.height).toBeGreaterThan(100);
  // The frame keeps the photo's shape (960 × 640) before it loads.
  expect(before.width / before.height).toBeCloseTo(960 / 640, 1);

  release();
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
  expect(await frame.boundingBox()).toEqual(before);
  expect(await page.evaluate(() => (window as unknown as { layoutShift: number }).layoutShift)).toBeLessThan(0.01);

  // Sharp: the file the browser chose (its width as srcset declares it; naturalWidth is scaled by the
  // density) has at least two pixels per CSS pixel, or is the largest there is.
  const chosen = await img.evaluate((el: HTMLImageElement) => ({
    current: el.currentSrc,
    shown: el.getBoundingClientRect().width,
    srcset: el.srcset,
    sizes: el.sizes,
  }));
  expect(chosen.srcset).toMatch(/ 320w, .* 640w, .* 960w$/);
  expect(chosen.sizes).not.toBe('');
  const widths = new Map(
    chosen.srcset.split(', ').map((c) => [new URL(c.split(' ')[0], page.url()).href, Number.parseInt(c.split(' ')[1])]),
  );
  expect(widths.get(chosen.current)).toBeGreaterThanOrEqual(Math.min(960, Math.ceil(chosen.shown * 2)));
  await context.close();
});

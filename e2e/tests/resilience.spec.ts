/** Never a dead end: a page file that cannot be fetched, and scrolling between pages. */
import { expect, test } from '@playwright/test';
import { createAccount, newSignedInContext } from './helpers';

test('a page file that cannot be fetched reloads once, then offers Reload, never the developer page', async ({ browser, request }) => {
  const me = await createAccount(request, 'Rhea Resilient');
  const { context, page } = await newSignedInContext(browser, me);
  // As after a redeploy that removed the old file, or a dropped network: the Network page's file fails.
  let refused = 0;
  await page.route(/\/assets\/NetworkPage-[^/]+\.js$/, async (route) => {
    refused += 1;
    await route.abort('internetdisconnected');
  });
  await page.getByRole('navigation').getByRole('link', { name: 'Network' }).first().click();
  await expect(page.getByRole('heading', { name: "This page couldn't be loaded" })).toBeVisible();
  // One automatic reload happened before the page gave the choice to the person.
  expect(refused).toBeGreaterThanOrEqual(2);
  await expect(page.getByText(/Hey developer|Unexpected Application Error/)).toHaveCount(0);

  // The file is back: Reload brings the page.
  await page.unroute(/\/assets\/NetworkPage-[^/]+\.js$/);
  await page.getByRole('button', { name: 'Reload' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /Network|People/ })).toBeVisible();
  await context.close();
});

test('a new page opens at its top; going back returns to where the reader was', async ({ browser, request }) => {
  const me = await createAccount(request, 'Sam Scroller');
  const auth = { authorization: `Bearer ${me.accessToken}` };
  for (let i = 0; i < 8; i++) {
    const res = await request.post('/api/v1/posts', {
      multipart: { content: `Scroll test post ${i}\n${'A line of text. '.repeat(30)}` },
      headers: auth,
    });
    expect(res.status()).toBe(201);
  }
  const { context, page } = await newSignedInContext(browser, me, { width: 1280 });
  await expect(page.getByText('Scroll test post 0')).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 900));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(800);

  await page.getByRole('navigation').getByRole('link', { name: 'Network' }).first().click();
  await expect(page).toHaveURL(/\/network$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

  await page.goBack();
  await expect(page).toHaveURL(/\/feeds$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(800);
  await context.close();
});

/**
 * The "New posts" pill keeps the reader's place: while Alice reads half-way down a long feed and Bob posts,
 * the pill shows and nothing she is reading moves until she taps it; tapping it takes her to the top, where
 * Bob's post is first, without a reload and without dropping the posts she had scrolled through.
 */
import { expect, test, type APIRequestContext, type Locator } from '@playwright/test';
import path from 'node:path';
import { ARTIFACTS, befriend, createAccount, newSignedInContext, waitForLiveSocket, type Account } from './helpers';

const auth = (a: Account) => ({ authorization: `Bearer ${a.accessToken}` });

async function post(request: APIRequestContext, author: Account, content: string) {
  expect((await request.post('/api/v1/posts', { headers: auth(author), multipart: { content } })).ok()).toBe(true);
}

async function top(locator: Locator): Promise<number> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not on screen');
  return box.y;
}

test('a friend’s new post waits behind the pill without moving what the reader reads', async ({ browser, request }) => {
  const alice = await createAccount(request, 'Alice Reader');
  const bob = await createAccount(request, 'Bob Poster');
  await befriend(request, alice, bob);
  // Two feed pages of posts, each a few lines long.
  for (let i = 1; i <= 20; i += 1) {
    await post(request, bob, `Story number ${i} of the long feed.\n\nA second paragraph, so each card has some height.`);
  }

  const { context, page } = await newSignedInContext(browser, alice);
  await waitForLiveSocket(page);
  // Chromium anchors scrolling and would hide a shift that browsers without it show: the reader's screen
  // must stay put on its own merits.
  await page.addStyleTag({ content: 'html, body { overflow-anchor: none; }' });
  // Half-way down: the first post of the second page, in the upper third of the screen.
  const reading = page.getByRole('article').filter({ hasText: 'Story number 10 of the long feed.' });
  await page.getByRole('article').filter({ hasText: 'Story number 11 of the long feed.' }).scrollIntoViewIfNeeded();
  await page.mouse.wheel(0, 1_500);
  await expect(reading).toBeAttached();
  await page.evaluate(() => {
    const card = [...document.querySelectorAll('article')].find((a) => a.textContent?.includes('Story number 10 of the long feed.'));
    if (!card) throw new Error('card not found');
    window.scrollBy(0, card.getBoundingClientRect().top - innerHeight / 3);
  });
  await page.waitForTimeout(500);
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(scrolled).toBeGreaterThan(800);
  const before = await top(reading);

  await post(request, bob, 'Breaking: fresh from Bob');
  const pill = page.getByRole('button', { name: 'New posts' });
  await expect(pill).toBeVisible({ timeout: 5_000 });
  // The pill is in view where the reader is, and leaves the card where it was, now and a moment later.
  expect(await top(pill)).toBeGreaterThanOrEqual(0);
  expect(Math.abs((await top(reading)) - before)).toBeLessThanOrEqual(3);
  await page.waitForTimeout(1_500);
  expect(Math.abs((await top(reading)) - before)).toBeLessThanOrEqual(3);
  await expect(page.getByText('Breaking: fresh from Bob')).toHaveCount(0);
  await page.screenshot({ path: path.join(ARTIFACTS, 'feed-new-posts-pill-light-1280.png') });

  const navigations: string[] = [];
  page.on('framenavigated', (f) => navigations.push(f.url()));
  await pill.click();
  const fresh = page.getByRole('article').filter({ hasText: 'Breaking: fresh from Bob' });
  await expect(fresh).toBeInViewport();
  await expect(page.getByRole('article').first()).toContainText('Breaking: fresh from Bob');
  await expect(pill).toHaveCount(0);
  // What was read is still loaded below: the feed grew, it did not start over.
  await expect(reading).toHaveCount(1);
  expect(navigations).toEqual([]);
  await context.close();
});

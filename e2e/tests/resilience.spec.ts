/** Never a dead end: a page file that cannot be fetched, scrolling between pages, and a server restart in the middle of a chat. */
import { expect, test } from '@playwright/test';
import { createAccount, loginViaUi, newSignedInContext, type Account } from './helpers';
import { ownServer } from './own-server';

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

test('a new page opens at its top; back and forward return to where the reader was on each page', async ({ browser, request }) => {
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

  // A tall page of its own: the profile (a DOM click, so the feed is not scrolled to the link first).
  await page.evaluate(() => document.querySelector<HTMLAnchorElement>('article a[href*="/profile/"]:not([aria-hidden])')?.click());
  await expect(page).toHaveURL(/\/profile\//);
  // The profile's own list of posts, loaded, so the page is as tall as it will be.
  await expect(page.getByRole('region', { name: 'Your posts' }).getByText('Scroll test post 0')).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  // Scrolled as a reader does, again if the page was still growing under the first try.
  await expect
    .poll(() =>
      page.evaluate(() => {
        if (window.scrollY < 500) window.scrollTo(0, 600);
        return window.scrollY;
      }),
    )
    .toBeGreaterThan(500);

  // Back to the feed where it was left, then forward to the profile where that was left.
  await page.goBack();
  await expect(page).toHaveURL(/\/feeds$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(800);
  await page.goForward();
  await expect(page).toHaveURL(/\/profile\//);
  await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBeGreaterThan(500);
  expect(await page.evaluate(() => window.scrollY)).toBeLessThan(800);
  await context.close();
});

test('after the server restarts, both chat users are online again and see every message sent meanwhile, without a reload', async ({
  browser,
  playwright,
}) => {
  test.setTimeout(120_000);
  const server = ownServer();
  await server.start();
  const request = await playwright.request.newContext({ baseURL: server.url });
  try {
    const ada = await createAccount(request, 'Ada Restart');
    const ben = await createAccount(request, 'Ben Restart');
    const asUser = (who: Account) => ({ Authorization: `Bearer ${who.accessToken}` });
    expect(
      (await request.post('/api/v1/users/follow/friend-request/send', { headers: asUser(ada), data: { targetUserId: ben._id } })).ok(),
    ).toBe(true);
    expect(
      (await request.post('/api/v1/users/follow/friend-request/accept', { headers: asUser(ben), data: { targetUserId: ada._id } })).ok(),
    ).toBe(true);

    const open = async (who: Account, other: Account) => {
      const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 860 } });
      const page = await context.newPage();
      await loginViaUi(page, who);
      await page.goto('/chat');
      await page.getByPlaceholder('Search conversations...').fill(other.userName);
      await page.getByRole('button', { name: new RegExp(other.fullName) }).click();
      const conversation = page.getByRole('region', { name: `Conversation with ${other.fullName}` });
      return { context, page, conversation };
    };
    const A = await open(ada, ben);
    const B = await open(ben, ada);
    // Each sees the other online once both are connected.
    await expect(A.conversation.getByText('Online', { exact: true })).toBeVisible();
    await expect(B.conversation.getByText('Online', { exact: true })).toBeVisible();
    const send = (from: Account, to: Account, text: string) =>
      request.post('/api/v1/chats/send', {
        headers: asUser(from),
        data: { messageSenderUsername: from.userName, messageReceiverUsername: to.userName, messageContent: text },
      });
    expect((await send(ben, ada, 'Before the restart')).status()).toBe(201);
    await expect(A.conversation.getByRole('log').getByText('Before the restart')).toBeVisible();

    // A deploy: the process stops cleanly, a new one starts on the same data.
    expect(await server.stop()).toBe(0);
    await expect(A.conversation.getByText('Online', { exact: true })).toHaveCount(0);
    await server.start();
    // Sent through the new process before the browsers are back: only the catch-up can bring them.
    const meanwhile = ['Sent while you were away 1', 'Sent while you were away 2', 'Sent while you were away 3'];
    for (const text of meanwhile) expect((await send(ben, ada, text)).status()).toBe(201);
    expect((await send(ada, ben, 'And one from Ada')).status()).toBe(201);

    for (const text of meanwhile) await expect(A.conversation.getByRole('log').getByText(text)).toBeVisible({ timeout: 20_000 });
    await expect(B.conversation.getByRole('log').getByText('And one from Ada')).toBeVisible({ timeout: 20_000 });
    await expect(A.conversation.getByText('Online', { exact: true })).toBeVisible({ timeout: 20_000 });
    await expect(B.conversation.getByText('Online', { exact: true })).toBeVisible({ timeout: 20_000 });
    // Live again: a message typed now arrives at once.
    await B.conversation.getByPlaceholder('Type a message...').fill('Back for good');
    await B.conversation.getByRole('button', { name: 'Send message' }).click();
    await expect(A.conversation.getByRole('log').getByText('Back for good')).toBeVisible();
    await expect(A.conversation.getByRole('log').getByText(/Sent while you were away/)).toHaveCount(3);
    await A.context.close();
    await B.context.close();
  } finally {
    await request.dispose();
    await server.stop();
    server.cleanup();
  }
});

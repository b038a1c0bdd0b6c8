/**
 * Two Plaza servers that federate, one person on each, in a real browser: Ana finds Bo on the other server by
 * his handle, asks to be friends, Bo accepts, Bo's post reaches Ana's feed and Ana's comment reaches Bo's post.
 * Each server is its own process with its own database and an http address of its own (PUBLIC_URL), as two
 * servers on the internet are (ALLOW_PRIVATE_ADDRESSES lets them reach each other on loopback).
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import path from 'node:path';
import { ARTIFACTS } from './helpers';
import { ownServer } from './own-server';

const federating = (portOffset: number) => {
  const port = Number(process.env.E2E_PORT ?? 3210) + portOffset;
  return ownServer({
    portOffset,
    env: { PUBLIC_URL: `http://127.0.0.1:${port}`, FEDERATION: 'on', ALLOW_PRIVATE_ADDRESSES: 'true' },
  });
};
const serverA = federating(8);
const serverB = federating(9);
const hostOf = (url: string) => new URL(url).host;

test.beforeAll(async () => {
  await Promise.all([serverA.start(), serverB.start()]);
});
test.afterAll(() => {
  serverA.cleanup();
  serverB.cleanup();
});

interface Person {
  userName: string;
  fullName: string;
  page: Page;
}

/** Signs up on `base` through the signup form, as a newcomer would, and lands on the feed. */
async function signUp(browser: Browser, base: string, fullName: string): Promise<Person> {
  const context = await browser.newContext({ baseURL: base, viewport: { width: 1280, height: 860 } });
  const page = await context.newPage();
  const userName = `${fullName.split(' ')[0].toLowerCase()}_${Date.now().toString(36)}`;
  await page.goto('/auth/signup');
  await page.getByLabel('Full name').fill(fullName);
  await page.getByLabel('User name').fill(userName);
  await page.getByLabel('Email').fill(`${userName}@example.test`);
  await page.getByLabel('Password', { exact: true }).fill('federation password 1');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/feeds$/, { timeout: 20_000 });
  return { userName, fullName, page };
}

/** Reloads `page` until `check` passes: what another server sends arrives through its delivery queue. */
async function untilAfterReload(page: Page, check: () => Promise<void>, timeout = 45_000) {
  await expect(async () => {
    await page.reload();
    await check();
  }).toPass({ timeout, intervals: [1000, 2000, 3000] });
}

test('a friendship and a post travel between two servers', async ({ browser }) => {
  test.setTimeout(240_000);
  const ana = await signUp(browser, serverA.url, 'Ana Alvarez');
  const bo = await signUp(browser, serverB.url, 'Bo Bergstrom');
  const boHandle = `${bo.userName}@${hostOf(serverB.url)}`;
  const anaHandle = `${ana.userName}@${hostOf(serverA.url)}`;

  // Ana finds Bo by his handle on the other server and opens his profile there.
  const search = ana.page.getByRole('combobox', { name: 'Search people' });
  await search.fill(`@${boHandle}`);
  const option = ana.page.getByRole('option', { name: /Bo Bergstrom/ });
  await expect(option).toBeVisible({ timeout: 15_000 });
  await option.click();
  await expect(ana.page.getByRole('heading', { level: 1, name: 'Bo Bergstrom' })).toBeVisible();
  await expect(ana.page.getByText(`@${boHandle}`, { exact: true })).toBeVisible();
  await expect(ana.page.getByText(`On ${hostOf(serverB.url)}, another server`)).toBeVisible();
  await ana.page.screenshot({ path: path.join(ARTIFACTS, 'federation-remote-profile-1280.png') });
  await ana.page.getByRole('button', { name: 'Add friend' }).click();
  await expect(ana.page.getByRole('button', { name: 'Cancel request' })).toBeEnabled();

  // On his own server, Bo finds the request in his notifications and accepts it on Ana's profile.
  const bell = bo.page.getByRole('button', { name: /^Notifications/ });
  await untilAfterReload(bo.page, () => expect(bell).toHaveAccessibleName(/1 unread/, { timeout: 2000 }));
  await bell.click();
  await bo.page.getByRole('button', { name: /Ana Alvarez sent you a friend request/ }).click();
  await expect(bo.page.getByText(`@${anaHandle}`, { exact: true })).toBeVisible();
  await bo.page.getByRole('button', { name: 'Accept' }).click();
  await expect(bo.page.getByRole('button', { name: /Friends/ })).toBeVisible();

  // Ana's side learns of the acceptance from Bo's server.
  await untilAfterReload(ana.page, () => expect(ana.page.getByRole('button', { name: /Friends/ })).toBeVisible({ timeout: 2000 }));

  // Bo posts; the post reaches Ana's feed, under his handle.
  await bo.page.goto('/feeds');
  const composer = bo.page.getByRole('form', { name: 'Create a post' });
  await composer.getByLabel("What's on your mind?").fill('Greetings from the other plaza');
  await composer.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(bo.page.getByRole('region', { name: 'Feed' }).getByText('Greetings from the other plaza')).toBeVisible();

  await ana.page.goto('/feeds');
  const inAnasFeed = ana.page
    .getByRole('region', { name: 'Feed' })
    .getByRole('article')
    .filter({ hasText: 'Greetings from the other plaza' });
  await untilAfterReload(ana.page, () => expect(inAnasFeed).toBeVisible({ timeout: 2000 }));
  await expect(inAnasFeed).toHaveAccessibleName('Bo Bergstrom');
  await expect(inAnasFeed).toContainText(`@${boHandle}`);

  // Ana comments; the comment reaches Bo's post on his server.
  await inAnasFeed.getByRole('button', { name: /^0 comments/ }).click();
  await inAnasFeed.getByLabel('Write a comment').fill('Hello across servers!');
  await inAnasFeed.getByRole('button', { name: 'Post comment' }).click();
  await expect(inAnasFeed.getByText('Hello across servers!')).toBeVisible();
  const onBosPost = bo.page.getByRole('region', { name: 'Feed' }).getByRole('article', { name: 'Bo Bergstrom' });
  await untilAfterReload(bo.page, () => expect(onBosPost.getByRole('button', { name: /^1 comment/ })).toBeVisible({ timeout: 2000 }));
  await onBosPost.getByRole('button', { name: /^1 comment/ }).click();
  await expect(onBosPost.getByText('Hello across servers!')).toBeVisible();
  await bo.page.screenshot({ path: path.join(ARTIFACTS, 'federation-comment-arrived-1280.png') });
});

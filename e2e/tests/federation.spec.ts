/**
 * Two Plaza servers that federate, one person on each, in a real browser: Ana finds Bo on the other server by
 * his handle, asks to be friends, Bo accepts, Bo's post reaches Ana's feed and Ana's comment reaches Bo's post.
 * Each server is its own process with its own database and an http address of its own (PUBLIC_URL), as two
 * servers on the internet are (ALLOW_PRIVATE_ADDRESSES lets them reach each other on loopback).
 * Ana, the first account of a server without mail, is its admin: her /admin → Servers (empty, failing, then
 * listing Bo's server) and Bo's profile on her server are checked with axe and screenshotted into
 * e2e/artifacts, light and dark at 390 and 1280 px, and in Arabic at 390 px.
 */
import AxeBuilder from '@axe-core/playwright';
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
  // One after the other: on a busy machine two starting at once each take longer than both in turn.
  test.setTimeout(200_000);
  await serverA.start();
  await serverB.start();
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

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'experimental'];

async function axeFindings(page: Page, label: string, leaveOut?: string): Promise<string[]> {
  // Let fades finish before colours are measured.
  await page.waitForTimeout(400);
  const builder = new AxeBuilder({ page }).withTags(AXE_TAGS);
  const { violations } = await (leaveOut ? builder.exclude(leaveOut) : builder).analyze();
  return violations.map((v) => `${label}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}

/**
 * Opens `url` in light and dark at phone and desktop width (the theme is read at start, so each is a fresh
 * load), brings it to the state `ready` waits for, and collects axe's findings and a full-page screenshot.
 */
async function lookAt(
  page: Page,
  name: string,
  url: string,
  ready: (page: Page) => Promise<unknown>,
  findings: string[],
  widths = [390, 1280],
) {
  for (const theme of ['light', 'dark'] as const) {
    for (const width of widths) {
      await page.setViewportSize({ width, height: width < 768 ? 844 : 860 });
      await page.evaluate((t) => localStorage.setItem('theme', t), theme);
      await page.goto(url);
      await ready(page);
      findings.push(...(await axeFindings(page, `${name} ${theme} ${width}`)));
      await page.screenshot({ path: path.join(ARTIFACTS, `${name}-${theme}-${width}.png`), fullPage: true });
    }
  }
}

/** /admin → Servers; `shows` is what the tab says once loaded. */
const serversTab = (servers: string, shows: (page: Page) => Promise<unknown>) => async (page: Page) => {
  await page.getByRole('button', { name: servers, exact: true }).click();
  await expect(page.getByRole('button', { name: servers, exact: true })).toHaveAttribute('aria-current', 'page');
  await shows(page);
};

/** Bo's profile as a much longer name and handle, which the real one does not show: does either overflow? */
const LONG = {
  fullName: 'Bartholomew Bergstrom-Vanderberg',
  userName: 'bartholomew_bergstrom@a-rather-long-community-server-name.example.org',
};
async function lengthenProfile(page: Page) {
  await page.route('**/api/v1/users/u/profile/**', async (route) => {
    const response = await route.fetch();
    const json = (await response.json()) as { data: { user: Record<string, unknown> } };
    Object.assign(json.data.user, LONG, { profileUrl: `https://a-rather-long-community-server-name.example.org/@bartholomew` });
    await route.fulfill({ response, json });
  });
}

/** Reloads `page` until `check` passes: what another server sends arrives through its delivery queue. */
async function untilAfterReload(page: Page, check: () => Promise<void>, timeout = 45_000) {
  await expect(async () => {
    await page.reload();
    await check();
  }).toPass({ timeout, intervals: [1000, 2000, 3000] });
}

test('a friendship and a post travel between two servers', async ({ browser }) => {
  test.setTimeout(480_000);
  const ana = await signUp(browser, serverA.url, 'Ana Alvarez');

  await test.step('Servers on a server that knows no other yet: empty, failing, and how rows look', async () => {
    const findings: string[] = [];
    const listed = '**/api/v1/admin/instances';
    await lookAt(
      ana.page,
      'federation-servers-empty',
      '/admin',
      serversTab('Servers', (p) => expect(p.getByText('No other servers yet')).toBeVisible()),
      findings,
    );
    await ana.page.route(listed, (route) => route.fulfill({ status: 500, json: { error: 'Internal Server Error', message: 'Down' } }));
    await lookAt(
      ana.page,
      'federation-servers-error',
      '/admin',
      serversTab('Servers', (p) => expect(p.getByText('The servers could not be loaded.')).toBeVisible()),
      findings,
      [390],
    );
    await ana.page.unroute(listed);
    // A long host name, a large count and a blocked server: what the real servers below do not show.
    const longHost = 'a-rather-long-community-server-name.example.org:8443';
    const instances = [
      { host: 'social.example', people: 1, blocked: false, blockedAt: null },
      { host: longHost, people: 1204, blocked: true, blockedAt: new Date(Date.now() - 3 * 86_400_000).toISOString() },
    ];
    await ana.page.route(listed, (route) => route.fulfill({ json: { success: true, instances } }));
    await lookAt(
      ana.page,
      'federation-servers-rows',
      '/admin',
      serversTab('Servers', (p) => expect(p.getByRole('list', { name: 'Other servers' })).toContainText(longHost)),
      findings,
    );
    await ana.page.unroute(listed);
    await ana.page.setViewportSize({ width: 1280, height: 860 });
    await ana.page.evaluate(() => localStorage.setItem('theme', 'light'));
    await ana.page.goto('/feeds');
    expect(findings).toEqual([]);
  });

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
  await expect(ana.page.getByText(`On \u2066${hostOf(serverB.url)}\u2069, another server`)).toBeVisible();
  const boProfile = new URL(ana.page.url()).pathname;
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

  const listsBo = (servers: string) => (p: Page) => expect(p.getByRole('list', { name: servers })).toContainText(hostOf(serverB.url));
  await test.step("Bo's profile and Servers on Ana's server, light and dark, phone and desktop", async () => {
    const findings: string[] = [];
    const profileShown = async (p: Page) => {
      await expect(p.getByRole('heading', { level: 1, name: 'Bo Bergstrom' })).toBeVisible();
      await expect(p.getByRole('link', { name: /View on their server/ })).toBeVisible();
    };
    await lookAt(ana.page, 'federation-remote-profile', boProfile, profileShown, findings);
    await lengthenProfile(ana.page);
    const longShown = (p: Page) => expect(p.getByRole('heading', { level: 1, name: LONG.fullName })).toBeVisible();
    await lookAt(ana.page, 'federation-remote-profile-long', boProfile, longShown, findings, [390]);
    await ana.page.unroute('**/api/v1/users/u/profile/**');
    await lookAt(ana.page, 'federation-servers', '/admin', serversTab('Servers', listsBo('Other servers')), findings);
    expect(findings).toEqual([]);
  });

  await test.step('both in Arabic, right to left, at 390 px', async () => {
    const findings: string[] = [];
    const page = ana.page;
    await page.setViewportSize({ width: 390, height: 844 });
    await page.evaluate(() => localStorage.setItem('theme', 'light'));
    await page.goto('/settings/account');
    const kept = page.waitForResponse((r) => r.url().endsWith('/api/v1/users/me') && r.request().method() === 'PATCH');
    await page.getByLabel('Language', { exact: true }).selectOption('ar');
    expect((await kept).ok()).toBe(true);

    await page.goto(boProfile);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { level: 1, name: 'Bo Bergstrom' })).toBeVisible();
    await expect(page.getByText(`على \u2066${hostOf(serverB.url)}\u2069، خادم آخر`)).toBeVisible();
    findings.push(...(await axeFindings(page, 'remote profile ar 390')));
    await page.screenshot({ path: path.join(ARTIFACTS, 'federation-remote-profile-ar-390.png'), fullPage: true });
    await lengthenProfile(page);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: LONG.fullName })).toBeVisible();
    await page.screenshot({ path: path.join(ARTIFACTS, 'federation-remote-profile-long-ar-390.png'), fullPage: true });
    await page.unroute('**/api/v1/users/u/profile/**');

    await page.goto('/admin');
    await serversTab('الخوادم', listsBo('خوادم أخرى'))(page);
    findings.push(...(await axeFindings(page, 'servers ar 390')));
    await page.screenshot({ path: path.join(ARTIFACTS, 'federation-servers-ar-390.png'), fullPage: true });
    expect(findings).toEqual([]);
  });
});

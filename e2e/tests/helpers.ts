/** Shared steps of the end-to-end specs: accounts through the real API, sign-in through the real UI, screenshots. */
import { loginResponseSchema, signupResponseSchema } from '@plaza/contract';
import { expect, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';
import path from 'node:path';

let seq = 0;
export const ARTIFACTS = path.resolve(import.meta.dirname, '../artifacts');

export interface Account {
  userName: string;
  fullName: string;
  email: string;
  password: string;
  _id: string;
  accessToken: string;
}

export async function createAccount(request: APIRequestContext, fullName = 'E2E Person'): Promise<Account> {
  seq += 1;
  const tag = `${Date.now().toString(36)}${seq}`;
  const body = { userName: `e2e_${tag}`, fullName, email: `e2e_${tag}@example.test`, password: 'e2e password 123' };
  const res = await request.post('/api/v1/auth/signup', { data: body });
  expect(res.status()).toBe(201);
  const json = signupResponseSchema.parse(await res.json());
  return { ...body, _id: json.user._id, accessToken: json.accessToken };
}

/** Makes `a` and `b` friends through the API: `a` asks, `b` accepts. */
export async function befriend(request: APIRequestContext, a: Account, b: Account) {
  const auth = (who: Account) => ({ authorization: `Bearer ${who.accessToken}` });
  const sent = await request.post('/api/v1/users/follow/friend-request/send', { data: { targetUserId: b._id }, headers: auth(a) });
  expect(sent.ok(), 'friend-request/send').toBeTruthy();
  const accepted = await request.post('/api/v1/users/follow/friend-request/accept', { data: { targetUserId: a._id }, headers: auth(b) });
  expect(accepted.ok(), 'friend-request/accept').toBeTruthy();
}

/** Logs in through the API and answers the new session's access token (another device's, say). */
export async function loginViaApi(request: APIRequestContext, account: Pick<Account, 'userName' | 'password'>): Promise<string> {
  const res = await request.post('/api/v1/auth/login', { data: { identifier: account.userName, password: account.password } });
  expect(res.status()).toBe(200);
  return loginResponseSchema.parse(await res.json()).accessToken;
}

/** Fills and sends the login form the page already shows. */
export async function submitLogin(page: Page, account: Pick<Account, 'userName' | 'password'>) {
  await page.getByLabel('User name or email').fill(account.userName);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

/** Logs in through the login form, as a person would. */
export async function loginViaUi(page: Page, account: Pick<Account, 'userName' | 'password'>) {
  await page.goto('/auth/login');
  await submitLogin(page, account);
  await expect(page).toHaveURL(/\/feeds$/);
}

export async function newSignedInContext(
  browser: Browser,
  account: Account,
  opts: { width?: number; dark?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: { width: opts.width ?? 1280, height: 860 },
    colorScheme: opts.dark ? 'dark' : 'light',
  });
  const page = await context.newPage();
  watchSocket(page);
  await loginViaUi(page, account);
  return { context, page };
}

/** Whether each page's socket.io connection is up: the server has acknowledged its connect. */
const socketStates = new WeakMap<Page, { up: boolean }>();

function watchSocket(page: Page) {
  const state = { up: false };
  socketStates.set(page, state);
  let current: unknown;
  page.on('websocket', (ws) => {
    if (!ws.url().includes('/socket.io/')) return;
    current = ws;
    state.up = false;
    ws.on('framereceived', ({ payload }) => {
      if (current === ws && String(payload).startsWith('40')) state.up = true;
    });
    ws.on('close', () => {
      if (current === ws) state.up = false;
    });
  });
}

/**
 * Waits until the page's socket is connected. The app connects it once the first screen is idle, and
 * what is pushed before then is only caught up (counts, lists), never shown as it happens (a toast).
 */
export async function waitForLiveSocket(page: Page) {
  const state = socketStates.get(page);
  if (!state) throw new Error('waitForLiveSocket follows pages opened by newSignedInContext');
  await expect.poll(() => state.up, { timeout: 15_000 }).toBe(true);
}

/** Sets the theme the app reads at start, then reloads so the page renders in it. */
export async function useTheme(page: Page, theme: 'light' | 'dark') {
  await page.evaluate((t) => localStorage.setItem('theme', t), theme);
  await page.reload();
}

/** Screenshots at phone (390 px) and desktop (1280 px) widths in both themes, into e2e/artifacts. */
export async function screenshotMatrix(page: Page, name: string, ready?: (page: Page) => Promise<void>) {
  for (const theme of ['light', 'dark'] as const) {
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: width < 768 ? 844 : 860 });
      await useTheme(page, theme);
      if (ready) await ready(page);
      await page.waitForTimeout(300);
      await page.screenshot({ path: path.join(ARTIFACTS, `${name}-${theme}-${width}.png`), fullPage: false });
    }
  }
}

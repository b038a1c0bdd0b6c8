/**
 * A server started without SMTP_URL, as a self-hoster's first `npm start`: its first account is the admin
 * and confirmed, the app says plainly that mail cannot be sent, an admin confirms the others from /admin
 * (the person's open page follows at once), and an unconfirmed person still posts a fourth time.
 */
import { loginResponseSchema } from '@plaza/contract';
import { expect, test, type Browser, type Page } from '@playwright/test';
import path from 'node:path';
import { ARTIFACTS } from './helpers';
import { ownServer } from './own-server';

const server = ownServer({ portOffset: 7 });
test.describe.configure({ timeout: 180_000 });
test.beforeAll(() => server.start());
test.afterAll(async () => {
  await server.stop();
  server.cleanup();
});

async function signUpInBrowser(browser: Browser, fullName: string, userName: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 860 } });
  const page = await context.newPage();
  await page.goto('/auth/signup');
  await page.getByLabel('Full name').fill(fullName);
  await page.getByLabel('User name').fill(userName);
  await page.getByLabel('Email').fill(`${userName}@example.test`);
  await page.getByLabel('Password', { exact: true }).fill('self hosted 123');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/feeds$/);
  return page;
}

test('without mail: the first account is the admin, others are confirmed from /admin, and the app says why', async ({
  browser,
  request,
}) => {
  const ada = await signUpInBrowser(browser, 'Ada Operator', 'ada_operator');
  // Confirmed, and the menu has Moderation: nothing to read in a log.
  await expect(ada.getByRole('link', { name: 'Moderation' })).toBeVisible();
  await expect(ada.getByRole('region', { name: 'Confirm your email' })).toHaveCount(0);

  const ben = await signUpInBrowser(browser, 'Ben Newcomer', 'ben_newcomer');
  const banner = ben.getByRole('region', { name: 'Confirm your email' });
  await expect(banner).toContainText('This server cannot send mail yet');
  await expect(banner).toContainText('An admin of this server can confirm your address');
  await ben.screenshot({ path: path.join(ARTIFACTS, 'self-hosting-no-mail-banner.png') });

  // Four posts in a row: on a server without mail the 3-a-day limit would never lift.
  const login = await request.post(`${server.url}/api/v1/auth/login`, {
    data: { identifier: 'ben_newcomer', password: 'self hosted 123' },
  });
  const { accessToken } = loginResponseSchema.parse(await login.json());
  for (let n = 1; n <= 4; n++) {
    const res = await request.post(`${server.url}/api/v1/posts`, {
      headers: { authorization: `Bearer ${accessToken}` },
      multipart: { content: `Post number ${n}` },
    });
    expect(res.status(), `post ${n}`).toBe(201);
  }

  // Only admins see the accounts; Ben gets the page that is not his.
  await ben.goto('/admin');
  await expect(ben.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await ben.goto('/feeds');
  await expect(banner).toBeVisible();

  await ada.goto('/admin');
  await expect(ada.getByRole('note')).toContainText('This server cannot send mail yet');
  await expect(ada.getByRole('note')).toContainText('SMTP_URL');
  await ada.getByRole('button', { name: 'Accounts' }).click();
  const waiting = ada.getByRole('list', { name: 'Accounts waiting for confirmation' });
  await expect(waiting).toContainText('Ben Newcomer');
  await expect(waiting).not.toContainText('Ada Operator');
  await ada.screenshot({ path: path.join(ARTIFACTS, 'self-hosting-admin-accounts.png') });
  await ada.getByRole('button', { name: 'Verify email of Ben Newcomer' }).click();
  await expect(ada.getByText('Every address is confirmed')).toBeVisible();

  // Ben's open page hears it: the banner goes without a reload.
  await expect(banner).toHaveCount(0, { timeout: 10_000 });
  await ada.getByRole('button', { name: 'Audit log' }).click();
  await expect(ada.getByRole('table')).toContainText('Email address confirmed by an admin');
  await ada.context().close();
  await ben.context().close();
});

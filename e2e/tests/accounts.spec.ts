/** Account lifecycle in a real browser: forgot password through a real SMTP server, email confirmation, export, deleting the account. */
import { expect, test, type Page } from '@playwright/test';
import path from 'node:path';
import { ARTIFACTS, createAccount, loginViaUi, newSignedInContext, screenshotMatrix } from './helpers';
import { Mailbox } from './mailbox';

const mailbox = new Mailbox();
// Each test also screenshots its screens at two widths in two themes.
test.describe.configure({ timeout: 180_000 });

/** Like screenshotMatrix, for a state a reload would lose (a sent form, a spent link, an open dialog): the theme is switched in place. */
async function screenshotsInPlace(page: Page, name: string) {
  for (const theme of ['light', 'dark'] as const) {
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: width < 768 ? 844 : 860 });
      await page.evaluate((dark) => document.documentElement.classList.toggle('dark', dark), theme === 'dark');
      await page.waitForTimeout(300);
      await page.screenshot({ path: path.join(ARTIFACTS, `${name}-${theme}-${width}.png`) });
    }
  }
}
test.beforeAll(() => mailbox.start());
test.afterAll(() => mailbox.stop());

test('forgot password: a link arrives by mail, sets a new password, and the old one stops working', async ({ page, request }) => {
  const me = await createAccount(request, 'Forgetful Fran');
  await page.goto('/auth/login');
  await screenshotMatrix(page, 'accounts-login', async (p) => {
    await expect(p.getByRole('link', { name: 'Forgot password?' })).toBeVisible();
  });
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/auth\/forgot-password$/);
  await screenshotMatrix(page, 'accounts-forgot-password', async (p) => {
    await expect(p.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  });
  await page.getByLabel('Email').fill(me.email);
  await page.getByRole('button', { name: 'Send me a link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
  await screenshotsInPlace(page, 'accounts-forgot-password-sent');

  const link = await mailbox.linkIn(me.email, /Reset your Plaza password/);
  expect(link).toContain('/auth/reset-password?token=');
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await screenshotMatrix(page, 'accounts-reset-password', async (p) => {
    await expect(p.getByLabel('New password', { exact: true })).toBeVisible();
  });
  await page.getByLabel('New password', { exact: true }).fill('a fresh password 456');
  await page.getByLabel('Repeat the new password').fill('a fresh password 456');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('heading', { name: 'Your password is changed' })).toBeVisible();

  // The link works once.
  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill('yet another one 789');
  await page.getByLabel('Repeat the new password').fill('yet another one 789');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('alert')).toContainText('invalid or has expired');

  await page.getByRole('link', { name: 'Ask for a new link' }).click();
  await page.goto('/auth/login');
  await page.getByLabel('User name or email').fill(me.userName);
  await page.getByLabel('Password', { exact: true }).fill(me.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await loginViaUi(page, { userName: me.userName, password: 'a fresh password 456' });
});

test('a new account sees a banner until it opens the link mailed at signup', async ({ browser, request }) => {
  const me = await createAccount(request, 'Unconfirmed Uma');
  const { context, page } = await newSignedInContext(browser, me);
  const banner = page.getByRole('region', { name: 'Confirm your email' });
  await expect(banner).toBeVisible();
  await screenshotMatrix(page, 'accounts-verify-banner', async (p) => {
    await expect(p.getByRole('region', { name: 'Confirm your email' })).toBeVisible();
  });
  const link = await mailbox.linkIn(me.email, /Confirm your email address/);
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Your email address is confirmed' })).toBeVisible();
  await screenshotsInPlace(page, 'accounts-verify-email');
  await page.getByRole('link', { name: 'Go to your feed' }).click();
  await expect(page).toHaveURL(/\/feeds$/);
  await expect(banner).toHaveCount(0);
  await context.close();
});

test('Your data: the export becomes a download link; deleting the account signs out and the login no longer works', async ({
  browser,
  request,
}) => {
  const me = await createAccount(request, 'Leaving Leo');
  const auth = { authorization: `Bearer ${me.accessToken}` };
  expect((await request.post('/api/v1/posts', { multipart: { content: 'Something to take with me' }, headers: auth })).status()).toBe(201);
  const { context, page } = await newSignedInContext(browser, me);
  await page.goto('/settings/data');
  await page.getByRole('button', { name: 'Prepare my data' }).click();
  const download = page.getByRole('link', { name: 'Download zip' });
  await expect(download).toBeVisible();
  await screenshotMatrix(page, 'accounts-your-data', async (p) => {
    await expect(p.getByRole('link', { name: 'Download zip' })).toBeVisible();
  });
  const zip = await request.get((await download.getAttribute('href')) ?? '');
  expect(zip.status()).toBe(200);
  expect(zip.headers()['content-type']).toBe('application/zip');

  await page.getByRole('button', { name: 'Delete my account…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await dialog.getByLabel('Your password').fill('not my password');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByText('Your password is not correct.')).toBeVisible();
  await screenshotsInPlace(page, 'accounts-delete-dialog');
  await dialog.getByLabel('Your password').fill(me.password);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);

  await page.getByLabel('User name or email').fill(me.userName);
  await page.getByLabel('Password', { exact: true }).fill(me.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await context.close();
});

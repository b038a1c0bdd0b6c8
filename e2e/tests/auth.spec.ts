/** Accounts and sessions in a real browser: signup, reload, logout, guards, session expiry, theme. */
import { expect, test, type APIRequestContext } from '@playwright/test';
import path from 'node:path';
import { ARTIFACTS, createAccount, loginViaApi, loginViaUi, submitLogin, type Account } from './helpers';

test('signup lands on the feed, survives a reload, logs out, and login returns to the guarded page', async ({ page }) => {
  const tag = Date.now().toString(36);
  await page.goto('/');
  await expect(page).toHaveURL(/\/auth\/login$/);
  await page.getByRole('link', { name: 'Create an account' }).click();
  await page.getByLabel('Full name').fill('Signup Person');
  await page.getByLabel('User name').fill(`signup_${tag}`);
  await expect(page.getByText('This user name is available')).toBeVisible();
  await page.getByLabel('Email').fill(`signup_${tag}@example.test`);
  await page.getByLabel('Password', { exact: true }).fill('a long password');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/feeds$/);

  await page.reload();
  await expect(page).toHaveURL(/\/feeds$/);
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);

  await page.goto('/settings/profile');
  await expect(page).toHaveURL(/\/auth\/login$/);
  await page.getByLabel('User name or email').fill(`signup_${tag}`);
  await page.getByLabel('Password', { exact: true }).fill('a long password');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/settings\/profile$/);
});

test('a taken user name is flagged and a wrong password shows the server message', async ({ page, request }) => {
  const someone = await createAccount(request, 'Taken Name');
  await page.goto('/auth/signup');
  await page.getByLabel('User name').fill(someone.userName);
  await expect(page.getByText('This user name is taken')).toBeVisible();
  await page.goto('/auth/login');
  await page.getByLabel('User name or email').fill(someone.userName);
  await page.getByLabel('Password', { exact: true }).fill('definitely wrong');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert')).toContainText('Invalid user name, email or password.');
  await expect(page).toHaveURL(/\/auth\/login$/);
});

const NEW_PASSWORD = 'a brand new password';

/** Another device changes the password: every other session, this browser's included, is revoked. */
async function changePasswordElsewhere(request: APIRequestContext, account: Account) {
  const otherToken = await loginViaApi(request, account);
  const changed = await request.post('/api/v1/users/me/password', {
    data: { currentPassword: account.password, newPassword: NEW_PASSWORD },
    headers: { authorization: `Bearer ${otherToken}` },
  });
  expect(changed.status()).toBe(200);
}

test('when the session is revoked elsewhere, the expiry overlay counts down and redirects with returnUrl', async ({ page, request }) => {
  const account = await createAccount(request, 'Expiring Person');
  await loginViaUi(page, account);
  await page.goto('/settings/account');
  await expect(page.getByRole('heading', { name: 'Change password' })).toBeVisible();
  await changePasswordElsewhere(request, account);

  // The revoked session's socket is cut; its reconnect is refused, the refresh is refused too, and the
  // expiry flow starts by itself, without the person doing anything.
  const overlay = page.getByRole('alertdialog');
  await expect(overlay).toContainText('Session Expired', { timeout: 20_000 });
  await expect(overlay).toContainText("Your session has expired. You'll be redirected to the login page.");
  await expect(overlay).toContainText(/Redirecting in [1-5] seconds\.\.\./);
  await expect(page.getByText('Your session has expired. Please log in again.')).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/login\?returnUrl=%2Fsettings%2Faccount$/, { timeout: 8000 });
  await submitLogin(page, { userName: account.userName, password: NEW_PASSWORD });
  await expect(page).toHaveURL(/\/settings\/account$/);
});

test('a call made with a revoked session starts the expiry flow and returns to the page after login', async ({ page, request }) => {
  const account = await createAccount(request, 'Revoked Caller');
  // No socket for this page, so that the revocation cannot reach it live: the next HTTP call is what finds out.
  await page.routeWebSocket(/socket\.io/, () => {});
  await loginViaUi(page, account);
  await page.goto('/settings/profile');
  await expect(page.getByLabel('Full name')).toBeVisible();
  await changePasswordElsewhere(request, account);
  await page.getByLabel('Full name').fill('Renamed');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('alertdialog')).toContainText('Session Expired', { timeout: 20_000 });
  await expect(page).toHaveURL(/\/auth\/login\?returnUrl=%2Fsettings%2Fprofile$/, { timeout: 8000 });
  await submitLogin(page, { userName: account.userName, password: NEW_PASSWORD });
  await expect(page).toHaveURL(/\/settings\/profile$/);
});

test('the theme toggle persists across a reload', async ({ page, request }) => {
  const account = await createAccount(request, 'Theme Person');
  await loginViaUi(page, account);
  const html = page.locator('html');
  const startsDark = await html.evaluate((el) => el.classList.contains('dark'));
  await page.getByRole('button', { name: startsDark ? 'Switch to light theme' : 'Switch to dark theme' }).click();
  await expect(html).toHaveClass(startsDark ? /^(?!.*dark)/ : /dark/);
  await page.reload();
  await expect(html).toHaveClass(startsDark ? /^(?!.*dark)/ : /dark/);
});

test('screenshots of login and signup, light and dark, phone and desktop', async ({ browser }) => {
  for (const theme of ['light', 'dark'] as const) {
    for (const width of [390, 1280]) {
      const context = await browser.newContext({ viewport: { width, height: width < 768 ? 844 : 800 }, colorScheme: theme });
      const page = await context.newPage();
      for (const which of ['login', 'signup']) {
        await page.goto(`/auth/${which}`);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await page.screenshot({ path: path.join(ARTIFACTS, `${which}-${theme}-${width}.png`) });
      }
      await context.close();
    }
  }
});

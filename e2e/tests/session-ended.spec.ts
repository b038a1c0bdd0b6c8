/**
 * A session ended elsewhere (issue 34, finding 11): two browsers signed in as one person; one changes
 * the password in Settings; the other shows the Session Expired overlay saying why, counts down, and
 * lands on the login page.
 */
import { expect, test } from '@playwright/test';
import { ARTIFACTS, createAccount, newSignedInContext, waitForLiveSocket } from './helpers';

test('changing the password on one device shows the other the Session Expired overlay with the reason', async ({ browser, request }) => {
  const person = await createAccount(request, 'Two Devices');
  const laptop = await newSignedInContext(browser, person);
  const phone = await newSignedInContext(browser, person, { width: 390 });
  await waitForLiveSocket(phone.page);

  await laptop.page.goto('/settings/account');
  await laptop.page.getByLabel('Current password').fill(person.password);
  await laptop.page.getByLabel('New password', { exact: true }).fill('a brand new e2e password');
  await laptop.page.getByRole('button', { name: 'Change password' }).click();

  const overlay = phone.page.getByRole('alertdialog');
  await expect(overlay).toBeVisible({ timeout: 10_000 });
  await expect(overlay).toContainText('Session Expired');
  await expect(overlay).toContainText('You were signed out because your password was changed.');
  await expect(overlay).toContainText(/Redirecting in \d seconds/);
  await phone.page.screenshot({ path: `${ARTIFACTS}/session-ended-phone.png` });
  await expect(phone.page).toHaveURL(/\/auth\/login/, { timeout: 10_000 });
  // The device that changed it stays signed in.
  await expect(laptop.page).toHaveURL(/\/settings\/account$/);
  await expect(laptop.page.getByRole('alertdialog')).toHaveCount(0);

  await laptop.context.close();
  await phone.context.close();
});

test('a returnUrl pointing off the site is ignored and the app loads', async ({ browser, request }) => {
  const person = await createAccount(request, 'Return Url');
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/auth/login?returnUrl=' + encodeURIComponent('/\\evil.example/x'));
  await page.getByLabel('User name or email').fill(person.userName);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/feeds$/);
  expect(new URL(page.url()).host).not.toContain('evil');
  await context.close();
});

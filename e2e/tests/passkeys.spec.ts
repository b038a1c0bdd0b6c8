/** Passkeys end to end with Chromium's virtual authenticator: add one in Settings → Security, sign out, sign in with it. */
import { expect, test } from '@playwright/test';
import { createAccount, loginViaUi, screenshotMatrix } from './helpers';

test('register a passkey and sign in with it, no password', async ({ page, request }) => {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
  });

  const account = await createAccount(request, 'Passkey Person');
  await loginViaUi(page, account);
  await page.goto('/settings/security');
  const section = page.getByRole('region', { name: 'Passkeys' });
  await section.getByLabel('Name of the new passkey').fill('Test laptop');
  // A session alone cannot add one: the password is asked first.
  await section.getByLabel('Your password').fill('not the password');
  await section.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(section.getByText('Your password is not correct.')).toBeVisible();
  await section.getByLabel('Your password').fill(account.password);
  await section.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(section.getByRole('list', { name: 'Your passkeys' })).toContainText('Test laptop');
  await screenshotMatrix(page, 'settings-passkeys', async (p) => {
    await expect(p.getByRole('list', { name: 'Your passkeys' })).toContainText('Test laptop');
    await p.getByRole('region', { name: 'Passkeys' }).scrollIntoViewIfNeeded();
  });

  await page.goto('/settings/account');
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/auth\/login/);
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page).toHaveURL(/\/feeds$/);

  await page.goto('/settings/security');
  const row = page.getByRole('list', { name: 'Your passkeys' }).getByRole('listitem');
  await expect(row).toContainText('last used');
  await page.getByRole('button', { name: 'Remove Test laptop' }).click();
  await expect(page.getByRole('list', { name: 'Your passkeys' })).toHaveCount(0);
});

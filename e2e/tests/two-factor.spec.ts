/** Two-factor sign-in end to end: turn it on from Settings → Security, then sign in with a code and with a recovery code. */
import { expect, test, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { createAccount, loginViaUi, screenshotMatrix, submitLogin } from './helpers';

/** The code an authenticator app shows for `secret`, `stepsAhead` 30-second steps from now. */
const codeFor = (secret: string, stepsAhead = 0) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + stepsAhead * 30_000 });

async function signOut(page: Page) {
  await page.goto('/settings/account');
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/auth\/login/);
}

test('turn on two-factor sign-in, then sign in with a code and with a recovery code', async ({ page, request }) => {
  const account = await createAccount(request, 'Two Factor');
  await loginViaUi(page, account);
  await page.goto('/settings/security');
  const section = page.getByRole('region', { name: 'Two-factor authentication' });
  await section.getByRole('button', { name: 'Turn on' }).click();
  await section.getByLabel('Your password').fill(account.password);
  await section.getByRole('button', { name: 'Continue' }).click();
  await expect(section.getByAltText('QR code for your authenticator app')).toBeVisible();
  const secret = (await section.getByTestId('totp-secret').textContent()) ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await screenshotMatrix(page, 'settings-two-factor-setup', async (p) => {
    // A reload drops the half-done setup: open it again for the picture (a new secret, unused).
    const again = p.getByRole('region', { name: 'Two-factor authentication' });
    await again.getByRole('button', { name: 'Turn on' }).click();
    await again.getByLabel('Your password').fill(account.password);
    await again.getByRole('button', { name: 'Continue' }).click();
    await expect(p.getByAltText('QR code for your authenticator app')).toBeVisible();
  });
  // The last screenshot's setup is the one in force now.
  const finalSecret = (await page.getByTestId('totp-secret').textContent()) ?? '';
  await page.getByLabel('Code from the app').fill(codeFor(finalSecret));
  await page.getByRole('button', { name: 'Turn on', exact: true }).click();
  const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const recoveryCodes = await codes.allTextContents();
  await page.screenshot({ path: `${import.meta.dirname}/../artifacts/settings-two-factor-codes-light-1280.png` });
  await page.getByRole('button', { name: 'I saved them' }).click();
  await expect(page.getByText('On. 10 recovery codes left.')).toBeVisible();

  await signOut(page);
  await submitLogin(page, account);
  await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
  // The code that turned it on is spent; the next step's code is taken (one step either side is allowed).
  await page.getByLabel('Authentication code').fill(codeFor(finalSecret, 1));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/feeds$/);

  await signOut(page);
  await submitLogin(page, account);
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await page.getByLabel('Recovery code').fill(recoveryCodes[0]);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/feeds$/);

  // Used once, a recovery code is refused.
  await signOut(page);
  await submitLogin(page, account);
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await page.getByLabel('Recovery code').fill(recoveryCodes[0]);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert')).toContainText('already used');
});

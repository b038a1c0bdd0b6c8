/** After asking for a new address, the confirm-your-email banner and the account card name the same one. */
import { expect, test } from '@playwright/test';
import { createAccount, newSignedInContext } from './helpers';

test('after asking for a new address, the banner names the address the link went to, as the card does', async ({ browser, request }) => {
  const me = await createAccount(request, 'Nina Newmail');
  const { page, context } = await newSignedInContext(browser, me);
  const banner = page.getByRole('region', { name: 'Confirm your email' });
  await expect(banner).toContainText(me.email);

  await page.goto('/settings/account');
  await page.getByRole('button', { name: 'Change email' }).click();
  const form = page.getByRole('form', { name: 'Change email' });
  const newAddress = `new_${me.email}`;
  await form.getByLabel('New email').fill(newAddress);
  await form.getByLabel('Your password').fill(me.password);
  await form.getByRole('button', { name: 'Send confirmation link' }).click();
  await expect(page.getByText(`Open the link we sent to ${newAddress} to finish the change.`)).toBeVisible();
  await expect(banner).toContainText(newAddress);
  await expect(banner).not.toContainText(`to ${me.email}`);
  await context.close();
});

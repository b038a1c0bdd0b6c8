/** Sessions end to end: a second browser appears in Settings → Security, and signing it out there ends it. */
import { expect, test } from '@playwright/test';
import { createAccount, newSignedInContext, screenshotMatrix, waitForLiveSocket } from './helpers';

test('sign a second browser out from the list of sessions', async ({ browser, request }) => {
  const account = await createAccount(request, 'Two Browsers');
  const first = await newSignedInContext(browser, account);
  const second = await newSignedInContext(browser, account);
  await waitForLiveSocket(second.page);

  await first.page.goto('/settings/security');
  const rows = first.page.getByTestId('session-row');
  // Signing up through the API made one more session (a different user agent).
  await expect(rows).toHaveCount(3);
  await expect(rows.filter({ hasText: 'This device' })).toHaveCount(1);
  await screenshotMatrix(first.page, 'settings-sessions', async (p) => {
    await expect(p.getByTestId('session-row')).toHaveCount(3);
    await p.getByRole('region', { name: "Where you're signed in" }).scrollIntoViewIfNeeded();
  });

  // The newest other session is the second browser's.
  const other = rows.filter({ hasNotText: 'This device' }).first();
  await other.getByRole('button', { name: /^Sign out/ }).click();
  await expect(rows).toHaveCount(2);

  // The second browser is signed out: the Session Expired overlay or the login page.
  await expect(second.page.getByText('Session Expired').or(second.page.getByRole('button', { name: 'Log in' }))).toBeVisible({
    timeout: 15_000,
  });
  await second.page.goto('/feeds');
  await expect(second.page).toHaveURL(/\/auth\/login/);

  await first.page.getByRole('button', { name: 'Sign out everywhere else' }).click();
  await expect(rows).toHaveCount(1);
  await first.page.reload();
  await expect(first.page).toHaveURL(/\/settings\/security$/);
  await first.context.close();
  await second.context.close();
});

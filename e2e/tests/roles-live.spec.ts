/**
 * A role changed with the admin command applies to the person's open session at once: the Moderation
 * link appears and /admin opens without signing in again or reloading, and a revoke takes both away.
 */
import { expect, test } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { createAccount, newSignedInContext, waitForLiveSocket, type Account } from './helpers';

const root = path.resolve(import.meta.dirname, '../..');

/** `npm run admin -- <args>` on the database of the server under test (playwright.config.ts). */
function admin(...args: string[]): void {
  execFileSync(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/admin/main.ts'), ...args], {
    cwd: root,
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR, LOG_LEVEL: 'silent' },
    stdio: 'pipe',
  });
}

test('a role granted and revoked from the command line applies to the open session at once', async ({ browser, request }) => {
  const person: Account = await createAccount(request, 'Rosa Promoted');
  const { page, context } = await newSignedInContext(browser, person);
  await waitForLiveSocket(page);
  const moderation = page.getByRole('link', { name: 'Moderation' });
  await expect(moderation).toHaveCount(0);

  admin('grant', person.userName, 'admin');
  // No reload, no new sign-in: the server tells the session.
  await expect(moderation).toBeVisible({ timeout: 8000 });
  await moderation.click();
  await expect(page.getByRole('heading', { name: 'Moderation' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Audit log' })).toBeVisible();

  admin('revoke', person.userName);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible({ timeout: 8000 });
  await expect(moderation).toHaveCount(0);
  await context.close();
});

test('/admin right after a grant waits for the fresh account instead of saying "Page not found"', async ({ browser, request }) => {
  const person: Account = await createAccount(request, 'Milo Justgranted');
  const { page, context } = await newSignedInContext(browser, person);
  admin('grant', person.userName, 'moderator');
  // The stored session still says member: the page asks the server before deciding.
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Moderation' })).toBeVisible({ timeout: 8000 });
  await expect(page.getByRole('heading', { name: 'Page not found' })).toHaveCount(0);
  await context.close();
});

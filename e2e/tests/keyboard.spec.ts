/** The keyboard: Ctrl/Cmd+Enter publishes from the post composer (the chat's is in chat-address.spec.ts). */
import { expect, test } from '@playwright/test';
import { createAccount, newSignedInContext } from './helpers';

test('Ctrl+Enter publishes from the post composer; Enter alone breaks the line', async ({ browser, request }) => {
  const me = await createAccount(request, 'Kim Keyboard');
  const { page, context } = await newSignedInContext(browser, me);
  const composer = page.getByRole('form', { name: 'Create a post' });
  const box = composer.getByLabel("What's on your mind?");
  await box.click();
  await page.keyboard.type('first line');
  await page.keyboard.press('Enter');
  await page.keyboard.type('second line');
  await expect(box).toHaveValue('first line\nsecond line');
  await page.keyboard.press('Control+Enter');
  await expect(page.getByText('Post published')).toBeVisible();
  await expect(box).toHaveValue('');
  await context.close();
});

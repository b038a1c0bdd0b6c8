/** Blocking in a real browser: the blocked person vanishes from the feed, the search and the chat, and is listed in settings. */
import { expect, test } from '@playwright/test';
import path from 'node:path';
import { ARTIFACTS, createAccount, newSignedInContext, screenshotMatrix } from './helpers';
import { messageAs, postAs } from './safety-helpers';

test('someone blocked from their post vanishes from feed, search and chat', async ({ browser, request }) => {
  const me = await createAccount(request, 'Blair Blocker');
  const them = await createAccount(request, 'Zephyr Blockable');
  await postAs(request, them, 'A post from Zephyr that Blair will not want to see');
  await messageAs(request, them, me, 'hey, answer me');

  const { context, page } = await newSignedInContext(browser, me);
  const feed = page.getByRole('main');
  const post = feed.getByRole('article').filter({ hasText: 'A post from Zephyr' });
  await expect(post).toBeVisible();

  // Before: the search and the chat list find them.
  const search = page.getByRole('combobox', { name: 'Search people' });
  await search.fill('zephyr');
  await expect(page.getByRole('listbox', { name: 'People found' }).getByText('Zephyr Blockable')).toBeVisible();
  await search.fill('');

  await post.getByRole('button', { name: 'Post options' }).click();
  await page.getByRole('menuitem', { name: `Block @${them.userName}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Block' }).click();
  await expect(page.getByText(`@${them.userName} is blocked`)).toBeVisible();

  // Feed: gone (after a reload too).
  await expect(feed.getByText('A post from Zephyr')).toHaveCount(0);
  await page.reload();
  await page.waitForLoadState('networkidle');
  await expect(page.getByText('A post from Zephyr')).toHaveCount(0);

  // Search: nobody.
  await search.fill('zephyr');
  await expect(page.getByText('No users found')).toBeVisible();
  await expect(page.getByRole('option', { name: /Zephyr Blockable/ })).toHaveCount(0);
  await search.fill('');

  // Chat: not in the list, even when searched for.
  await page.goto('/chat');
  await expect(page.getByRole('heading', { name: 'Conversations' })).toBeVisible();
  await page.getByPlaceholder('Search conversations...').fill('zephyr');
  await expect(page.getByText(/No users found matching/)).toBeVisible();
  await expect(page.getByRole('button', { name: /Zephyr Blockable/ })).toHaveCount(0);

  // Settings lists them, ready to unblock.
  await page.goto('/settings/blocked');
  const blocked = page.getByRole('region', { name: 'Blocked people' });
  await expect(blocked.getByText('Zephyr Blockable')).toBeVisible();
  await screenshotMatrix(page, 'settings-blocked', async (p) => {
    await expect(p.getByRole('region', { name: 'Blocked people' }).getByText('Zephyr Blockable')).toBeVisible();
  });

  // Blocking from a chat's header closes the composer there with a note.
  const other = await createAccount(request, 'Casey Chatter');
  await messageAs(request, other, me, 'are you there?');
  await page.goto('/chat');
  await page.getByPlaceholder('Search conversations...').fill(other.userName);
  await page.getByRole('button', { name: /Casey Chatter/ }).click();
  const conversation = page.getByRole('region', { name: 'Conversation with Casey Chatter' });
  await expect(conversation.getByPlaceholder('Type a message...')).toBeVisible();
  await conversation.getByRole('button', { name: 'More options' }).click();
  await page.getByRole('menuitem', { name: `Block @${other.userName}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Block' }).click();
  await expect(conversation.getByRole('note')).toContainText(`You blocked @${other.userName}`);
  await expect(conversation.getByPlaceholder('Type a message...')).toHaveCount(0);
  await page.screenshot({ path: path.join(ARTIFACTS, 'chat-blocked-note-light-1280.png') });
  await context.close();
});

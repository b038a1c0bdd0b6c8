/** Moderation in a real browser: a post is reported, a moderator removes it in /admin, and its author is told why. */
import { expect, test } from '@playwright/test';
import path from 'node:path';
import { ARTIFACTS, createAccount, newSignedInContext, screenshotMatrix } from './helpers';
import { grantModerator, postAs } from './safety-helpers';

test('a reported post is removed by a moderator and its author sees why', async ({ browser, request }) => {
  const author = await createAccount(request, 'Spammy Author');
  const reporter = await createAccount(request, 'Rita Reporter');
  const moderator = await createAccount(request, 'Mona Moderator');
  grantModerator(moderator);
  await postAs(request, author, 'Buy cheap followers now at totally-legit.example');

  // The reporter reports it from the post's menu.
  const r = await newSignedInContext(browser, reporter);
  const post = r.page.getByRole('main').getByRole('article').filter({ hasText: 'Buy cheap followers' });
  await post.getByRole('button', { name: 'Post options' }).click();
  await r.page.getByRole('menuitem', { name: 'Report post' }).click();
  const dialog = r.page.getByRole('dialog', { name: 'Report this post' });
  await dialog.getByText('Spam', { exact: true }).click();
  await dialog.getByLabel(/More details/).fill('Advertising in every post');
  await r.page.screenshot({ path: path.join(ARTIFACTS, 'report-dialog-light-1280.png') });
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(r.page.getByText('Thanks — the moderators will look at it.')).toBeVisible();
  await r.context.close();

  // A member does not get /admin.
  const a = await newSignedInContext(browser, author);
  await a.page.goto('/admin');
  await expect(a.page.getByRole('heading', { name: 'Page not found' })).toBeVisible();

  // The moderator sees it in the queue, in context, and removes it with a reason.
  const m = await newSignedInContext(browser, moderator);
  await m.page.getByRole('link', { name: 'Moderation' }).click();
  await expect(m.page).toHaveURL(/\/admin$/);
  const card = m.page.getByRole('article', { name: 'Report of a post' }).filter({ hasText: 'Buy cheap followers' });
  await expect(card).toContainText('Advertising in every post');
  await expect(card).toContainText(`reported by @${reporter.userName}`);
  await screenshotMatrix(m.page, 'admin-queue', async (p) => {
    await expect(p.getByRole('article', { name: 'Report of a post' }).first()).toBeVisible();
  });
  const again = m.page.getByRole('article', { name: 'Report of a post' }).filter({ hasText: 'Buy cheap followers' });
  await again.getByRole('radio', { name: 'Remove content' }).click();
  await again.getByLabel(/Reason/).fill('Advertising is not allowed on Plaza');
  await again.getByRole('button', { name: 'Remove content' }).last().click();
  await expect(m.page.getByText('Report resolved')).toBeVisible();
  await m.page.getByRole('button', { name: 'Resolved' }).click();
  await expect(m.page.getByText(/Remove content by @/)).toBeVisible();
  await m.context.close();

  // The author finds the post gone and the reason in their notifications.
  await a.page.goto('/feeds');
  await expect(a.page.getByRole('main').getByText('Buy cheap followers')).toHaveCount(0);
  await a.page.getByRole('button', { name: /^Notifications/ }).click();
  await expect(a.page.getByText('The moderators removed your post: Advertising is not allowed on Plaza')).toBeVisible();
  await a.page.screenshot({ path: path.join(ARTIFACTS, 'moderation-notified-light-1280.png') });
  await a.context.close();
});

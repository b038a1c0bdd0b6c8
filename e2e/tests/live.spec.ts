/**
 * What is on screen stays live (issue "The first hour", items 3 and 14): while Alice's feed is open, Bob's
 * reaction and comment on her own post change its counts, and Bob's new post brings a "New posts" pill
 * that shows it without a reload.
 */
import { expect, test } from '@playwright/test';
import { befriend, createAccount, newSignedInContext, waitForLiveSocket, type Account } from './helpers';

const auth = (a: Account) => ({ authorization: `Bearer ${a.accessToken}` });

test("counts on Alice's own post change when Bob reacts and comments, and Bob's new post comes in through the pill", async ({
  browser,
  request,
}) => {
  const alice = await createAccount(request, 'Alice Live');
  const bob = await createAccount(request, 'Bob Live');
  await befriend(request, alice, bob);
  const posted = await request.post('/api/v1/posts', { headers: auth(alice), multipart: { content: 'Counting on you, live' } });
  expect(posted.ok()).toBe(true);
  const postId = ((await posted.json()) as { post: { _id: string } }).post._id;

  const { context, page } = await newSignedInContext(browser, alice);
  const post = page.getByRole('article').filter({ hasText: 'Counting on you, live' });
  await expect(post.getByRole('button', { name: /^0 comments$/ })).toBeVisible();
  await expect(post.getByRole('button', { name: /^Heart/ })).toHaveAccessibleName(/\b0\b/);
  await waitForLiveSocket(page);
  // Scrolled a little: the pill must bring the post in from wherever the reader is.
  await page.mouse.wheel(0, 200);

  expect((await request.put(`/api/v1/posts/react/${postId}`, { headers: auth(bob), data: { reactionType: 'heart' } })).ok()).toBe(true);
  expect(
    (await request.post(`/api/v1/comments/posts/${postId}/comments`, { headers: auth(bob), data: { commentContent: 'Live!' } })).ok(),
  ).toBe(true);
  await expect(post.getByRole('button', { name: /^1 comment$/ })).toBeVisible();
  await expect(post.getByRole('button', { name: /^Heart/ })).toHaveAccessibleName(/\b1\b/);

  await expect(page.getByRole('button', { name: 'New posts' })).toHaveCount(0);
  expect((await request.post('/api/v1/posts', { headers: auth(bob), multipart: { content: 'Bob was here, just now' } })).ok()).toBe(true);
  // Live, not at the next minute's poll.
  await expect(page.getByRole('button', { name: 'New posts' })).toBeVisible({ timeout: 5_000 });
  await expect(page.getByText('Bob was here, just now')).toHaveCount(0);
  const navigations: string[] = [];
  page.on('framenavigated', (f) => navigations.push(f.url()));
  await page.getByRole('button', { name: 'New posts' }).click();
  await expect(page.getByRole('article').filter({ hasText: 'Bob was here, just now' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'New posts' })).toHaveCount(0);
  expect(navigations).toEqual([]);
  await context.close();
});

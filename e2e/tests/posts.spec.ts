/** Posts in a real browser: a friend's post with an image reaches the feed, gets reactions, a comment and a bookmark. */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import path from 'node:path';
import { readFileSync } from 'node:fs';
import { befriend, createAccount, newSignedInContext, screenshotMatrix, type Account } from './helpers';

const IMAGE = path.resolve(import.meta.dirname, '../fixtures/post.png');
const POST_TEXT = 'First light over the plaza today. More at https://example.com/plaza';
const COMMENT = 'Lovely picture!';

const auth = (a: Account) => ({ authorization: `Bearer ${a.accessToken}` });

async function postViaApi(request: APIRequestContext, a: Account, content: string, withImage = false) {
  const multipart: Record<string, string | { name: string; mimeType: string; buffer: Buffer }> = { content };
  if (withImage) multipart.images = { name: 'extra.png', mimeType: 'image/png', buffer: readFileSync(IMAGE) };
  const res = await request.post('/api/v1/posts', { multipart, headers: auth(a) });
  expect(res.status()).toBe(201);
}

const feed = (page: Page) => page.getByRole('region', { name: 'Feed' });
const postOf = (page: Page, author: string, text: string | RegExp = POST_TEXT.slice(0, 20)) =>
  feed(page).getByRole('article', { name: author }).filter({ hasText: text });

test('a post with an image reaches a friend, who reacts, comments and saves it', async ({ browser, request }) => {
  // Two people, a dozen steps and eight screenshots: longer than one page's default budget.
  test.setTimeout(180_000);
  const alice = await createAccount(request, 'Alice Poster');
  const bob = await createAccount(request, 'Bob Reader');
  await befriend(request, alice, bob);

  await postViaApi(request, bob, 'Coffee first, then the network. Who is around this weekend?');

  // Alice writes a post with a link and an image from the composer.
  const { context: aliceContext, page: alicePage } = await newSignedInContext(browser, alice);
  const composer = alicePage.getByRole('form', { name: 'Create a post' });
  await composer.getByLabel("What's on your mind?").fill(POST_TEXT);
  await expect(composer.getByText(`${POST_TEXT.length}/5000`)).toBeVisible();
  await composer.getByLabel('Choose images').setInputFiles(IMAGE);
  await expect(composer.getByRole('img', { name: 'Chosen image 1: post.png' })).toBeVisible();
  await composer.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(composer.getByLabel("What's on your mind?")).toHaveValue('');

  const alicePost = postOf(alicePage, 'Alice Poster');
  await expect(alicePost).toBeVisible();
  await expect(alicePost.getByRole('link', { name: 'https://example.com/plaza' })).toHaveAttribute('rel', 'noopener noreferrer nofollow');
  await expect(alicePost.getByRole('button', { name: 'Open image 1 of 1' })).toBeVisible();

  // Bob finds it in his feed, opens the image, reacts twice, comments.
  const { context: bobContext, page: bobPage } = await newSignedInContext(browser, bob);
  const seen = postOf(bobPage, 'Alice Poster');
  await expect(seen).toBeVisible();

  await seen.getByRole('button', { name: 'Open image 1 of 1' }).click();
  const lightbox = bobPage.getByRole('dialog', { name: /Image 1 of 1 by Alice Poster/ });
  await expect(lightbox).toBeVisible();
  await bobPage.keyboard.press('Escape');
  await expect(lightbox).toBeHidden();

  await seen.getByRole('button', { name: 'Heart (0)' }).click();
  await expect(seen.getByRole('button', { name: 'Heart (1)' })).toHaveAttribute('aria-pressed', 'true');
  await seen.getByRole('button', { name: 'Fire (0)' }).click();
  await expect(seen.getByRole('button', { name: 'Fire (1)' })).toHaveAttribute('aria-pressed', 'true');
  await expect(seen.getByRole('button', { name: 'See who reacted (2)' })).toBeVisible();

  await seen.getByRole('button', { name: 'See who reacted (2)' }).click();
  await expect(bobPage.getByRole('tabpanel').getByText('Bob Reader')).toBeVisible();
  await bobPage.screenshot({ path: '/tmp/posts-shots/who-reacted.png' });
  await bobPage.keyboard.press('Escape');

  await seen.getByRole('button', { name: '0 comments' }).click();
  await expect(seen.getByText('No comments yet. Be the first to comment.')).toBeVisible();
  await seen.getByLabel('Write a comment').fill(COMMENT);
  await seen.getByRole('button', { name: 'Post comment' }).click();
  // The shown comment, not the text still in the box while the form clears.
  await expect(seen.getByRole('region', { name: 'Comments' }).getByRole('listitem').filter({ hasText: COMMENT })).toBeVisible();
  await expect(seen.getByLabel('Write a comment')).toHaveValue('');
  await expect(seen.getByRole('button', { name: '1 comment' })).toBeVisible();

  // The reactions survive a reload, still highlighted as Bob's.
  await bobPage.reload();
  await expect(postOf(bobPage, 'Alice Poster').getByRole('button', { name: 'Heart (1)' })).toHaveAttribute('aria-pressed', 'true');
  await expect(postOf(bobPage, 'Alice Poster').getByRole('button', { name: 'Fire (1)' })).toHaveAttribute('aria-pressed', 'true');

  // Alice sees the counts, the comment and the notifications.
  await alicePage.reload();
  const own = postOf(alicePage, 'Alice Poster');
  await expect(own.getByRole('button', { name: 'Heart (1)' })).toHaveAttribute('aria-pressed', 'false');
  await expect(own.getByRole('button', { name: 'Fire (1)' })).toBeVisible();
  await own.getByRole('button', { name: '1 comment' }).click();
  await expect(own.getByRole('region', { name: 'Comments' }).getByText(COMMENT)).toBeVisible();
  await expect(own.getByRole('region', { name: 'Comments' }).getByText('Bob Reader')).toBeVisible();

  await alicePage.getByRole('button', { name: /^Notifications, \d+ unread$/ }).click();
  await expect(alicePage.getByText('Bob Reader reacted ❤️ to your post')).toBeVisible();
  await expect(alicePage.getByText('Bob Reader reacted 🔥 to your post')).toBeVisible();
  await expect(alicePage.getByText(`Bob Reader commented on your post: “${COMMENT}”`)).toBeVisible();
  await alicePage.keyboard.press('Escape');

  // Bob saves the post and finds it on /favorites.
  await postOf(bobPage, 'Alice Poster').getByRole('button', { name: 'Save post' }).click();
  await expect(postOf(bobPage, 'Alice Poster').getByRole('button', { name: 'Remove from saved' })).toHaveAttribute('aria-pressed', 'true');
  await bobPage.goto('/favorites');
  const saved = bobPage.getByRole('region', { name: 'Saved posts' }).getByRole('article', { name: 'Alice Poster' });
  await expect(saved).toBeVisible();
  await expect(saved.getByRole('button', { name: 'Heart (1)' })).toBeVisible();
  await bobPage.screenshot({ path: path.resolve(import.meta.dirname, '../artifacts/favorites-light-1280.png') });

  // The feed as Alice sees it, in both themes at phone and desktop widths.
  await alicePage.goto('/feeds');
  await screenshotMatrix(alicePage, 'feed', async (p) => {
    await expect(postOf(p, 'Alice Poster').getByRole('img', { name: /Image 1 of 1/ })).toBeVisible();
  });
  await screenshotMatrix(alicePage, 'feed-comments', async (p) => {
    const post = postOf(p, 'Alice Poster');
    await post.getByRole('button', { name: '1 comment' }).click();
    await expect(post.getByRole('region', { name: 'Comments' }).getByText(COMMENT)).toBeVisible();
    await post.getByRole('region', { name: 'Comments' }).scrollIntoViewIfNeeded();
  });

  await aliceContext.close();
  await bobContext.close();
});

test('the author deletes a comment and the post with confirmation', async ({ browser, request }) => {
  const carol = await createAccount(request, 'Carol Cleaner');
  await postViaApi(request, carol, 'A post that will not stay for long');
  const { context, page } = await newSignedInContext(browser, carol);
  const post = postOf(page, 'Carol Cleaner', 'will not stay');
  await post.getByRole('button', { name: '0 comments' }).click();
  await post.getByLabel('Write a comment').fill('Second thoughts');
  await post.getByLabel('Write a comment').press('Enter');
  await expect(post.getByRole('button', { name: '1 comment' })).toBeVisible();

  await post.getByRole('button', { name: 'Delete comment' }).click();
  await page.getByRole('dialog', { name: 'Delete comment?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(post.getByRole('button', { name: '0 comments' })).toBeVisible();
  await expect(post.getByText('Second thoughts')).toBeHidden();

  await page.goto(`/network/u/profile/${carol.userName}/visited/${carol.userName}`);
  const mine = page.getByRole('region', { name: 'Your posts' }).getByRole('article', { name: 'Carol Cleaner' });
  await expect(mine.filter({ hasText: 'will not stay' })).toBeVisible();
  await page.screenshot({ path: '/tmp/posts-shots/profile.png', fullPage: true });
  await page.goto('/feeds');

  await post.getByRole('button', { name: 'Post options' }).click();
  await page.getByRole('menuitem', { name: 'Delete post' }).click();
  await page.screenshot({ path: '/tmp/posts-shots/delete-confirm.png' });
  await page.getByRole('dialog', { name: 'Delete post?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(post).toBeHidden();
  await context.close();
});

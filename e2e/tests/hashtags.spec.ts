/**
 * Hashtags in a real browser (product.md § Hashtags): a #tag written in a post is a link to its page, the
 * trending list beside the feed shows it, the navbar search finds it (with or without #), and on a phone the
 * empty search box lists the trending tags. axe checks the new screens in both themes at 390 and 1280 px.
 */
import AxeBuilder from '@axe-core/playwright';
import { userPostsResponseSchema } from '@plaza/contract';
import { expect, test, type Page } from '@playwright/test';
import path from 'node:path';
import { ARTIFACTS, createAccount, newSignedInContext, useTheme, type Account } from './helpers';

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'experimental'];
const auth = (a: Account) => ({ authorization: `Bearer ${a.accessToken}` });

/** Serious and critical axe findings on the page as it is now, as `rule: targets` lines. */
async function axeFindings(page: Page, label: string): Promise<string[]> {
  // Let transitions (dropdowns, fades) finish before colours are measured.
  await page.waitForTimeout(400);
  const { violations } = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${label}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}

const shot = (page: Page, name: string) => page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`) });

test('a #tag in a post opens its page; trending and the search find it; the screens pass axe', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const stem = `golden${Date.now().toString(36).slice(-5)}`;
  const tag = `${stem}hour`;
  const tia = await createAccount(request, 'Tia Tagger');
  const uma = await createAccount(request, 'Uma Commenter');
  const { context, page } = await newSignedInContext(browser, tia);

  // Tia posts from the composer; the tag in her post is a link inside the app.
  const composer = page.getByRole('form', { name: 'Create a post' });
  await composer.getByLabel("What's on your mind?").fill(`Sunrise walk #${stem.toUpperCase()}Hour, photos at https://example.com/#${stem}`);
  await composer.getByRole('button', { name: 'Post', exact: true }).click();
  const post = page.getByRole('region', { name: 'Feed' }).getByRole('article', { name: 'Tia Tagger' }).filter({ hasText: 'Sunrise walk' });
  await expect(post).toBeVisible();
  await expect(post.getByRole('link', { name: `https://example.com/#${stem}` })).toHaveAttribute('target', '_blank');
  const mine = userPostsResponseSchema.parse(await (await request.get('/api/v1/posts/my-posts', { headers: auth(tia) })).json());
  const postId = mine.userPosts[0]._id;

  // Uma comments on it with another tag, which is a link too.
  const comment = await request.post(`/api/v1/comments/posts/${postId}/comments`, {
    data: { commentContent: `Lovely #${stem}walk` },
    headers: auth(uma),
  });
  expect(comment.status()).toBe(201);

  await post.getByRole('link', { name: `#${stem.toUpperCase()}Hour` }).click();
  await expect(page).toHaveURL(`/tags/${tag}`);
  await expect(page).toHaveTitle(`#${tag} · Plaza`);
  const tagged = page.getByRole('region', { name: `Posts tagged #${tag}` });
  await expect(tagged.getByRole('article', { name: 'Tia Tagger' })).toContainText('Sunrise walk');
  await expect(page.getByText("You're all caught up")).toBeVisible();

  // A comment's tag brings its post to that tag's page.
  await tagged.getByRole('button', { name: '1 comment' }).click();
  await tagged.getByRole('link', { name: `#${stem}walk` }).click();
  await expect(page).toHaveURL(`/tags/${stem}walk`);
  await expect(page.getByRole('region', { name: `Posts tagged #${stem}walk` }).getByRole('article')).toHaveCount(1);

  // Beside the feed, Trending lists it (the server works the list out again within seconds of a new use).
  await page.goto('/feeds');
  const trending = page.getByRole('list', { name: 'Trending tags' });
  await expect(async () => {
    await page.reload();
    await expect(trending.getByRole('link', { name: new RegExp(`#${tag}`) })).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(trending.getByRole('link', { name: new RegExp(`#${tag}`) })).toContainText('1 person · 1 post');

  // The search finds it beside people, and alone after a #.
  const search = page.getByRole('combobox', { name: 'Search people' });
  await search.fill(stem);
  await expect(page.getByRole('listbox', { name: 'Tags found' }).getByRole('option', { name: new RegExp(`#${tag}`) })).toBeVisible();
  await search.fill(`#${stem}h`);
  await page.getByRole('option', { name: new RegExp(`#${tag}`) }).click();
  await expect(page).toHaveURL(`/tags/${tag}`);

  // On a phone the empty search box lists the trending tags.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/feeds');
  await search.click();
  const phoneTrending = page.getByRole('listbox', { name: 'Trending tags' });
  await expect(phoneTrending.getByRole('option', { name: new RegExp(`#${tag}`) })).toBeVisible();
  await phoneTrending.getByRole('option', { name: new RegExp(`#${tag}`) }).click();
  await expect(page).toHaveURL(`/tags/${tag}`);

  // axe, light and dark, phone and desktop: the tag page, an empty tag page, the feed's side column and the dropdowns.
  const findings: string[] = [];
  for (const theme of ['light', 'dark'] as const) {
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: width < 768 ? 844 : 860 });
      await page.goto(`/tags/${tag}`);
      await useTheme(page, theme);
      await expect(page.getByRole('region', { name: `Posts tagged #${tag}` }).getByRole('article')).toBeVisible();
      findings.push(...(await axeFindings(page, `tag page ${theme} ${width}`)));
      await shot(page, `tag-page-${theme}-${width}`);

      await page.goto('/tags/nothinghereyet');
      await expect(page.getByText('No posts with #nothinghereyet yet')).toBeVisible();
      findings.push(...(await axeFindings(page, `empty tag page ${theme} ${width}`)));
      await shot(page, `tag-page-empty-${theme}-${width}`);

      await page.goto('/feeds');
      await search.fill(stem);
      await expect(page.getByRole('listbox', { name: 'Tags found' })).toBeVisible();
      findings.push(...(await axeFindings(page, `search with tags ${theme} ${width}`)));
      await shot(page, `search-tags-${theme}-${width}`);
      await search.fill('');
      if (width === 390) {
        await expect(page.getByRole('listbox', { name: 'Trending tags' })).toBeVisible();
        findings.push(...(await axeFindings(page, `search trending ${theme} ${width}`)));
        await shot(page, `search-trending-${theme}-${width}`);
      } else {
        await search.blur();
        await expect(page.getByRole('list', { name: 'Trending tags' })).toBeVisible();
        findings.push(...(await axeFindings(page, `feed trending ${theme} ${width}`)));
        await shot(page, `feed-trending-${theme}-${width}`);
      }
    }
  }
  expect(findings).toEqual([]);
  await context.close();
});

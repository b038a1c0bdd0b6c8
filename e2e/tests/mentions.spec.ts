/**
 * Mentions in a real browser (product.md § Mentions): typing `@` and letters in the post composer lists friends,
 * the keyboard picks one, the post links the name to the profile; the mentioned friend's notification opens the
 * post; after a rename the link shows and follows the new name. The comment box and the chat composer offer the
 * same list. axe checks the open list and the post page in both themes at 390 and 1280 px.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import path from 'node:path';
import { ARTIFACTS, befriend, createAccount, newSignedInContext, useTheme, type Account } from './helpers';

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'experimental'];
const auth = (a: Account) => ({ authorization: `Bearer ${a.accessToken}` });

async function axeFindings(page: Page, label: string): Promise<string[]> {
  await page.waitForTimeout(400);
  const { violations } = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${label}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}

const shot = (page: Page, name: string) => page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`) });

test('a mention picked from the list links the friend, whose notification opens the post, and survives a rename', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const mia = await createAccount(request, 'Mia Mentioner');
  const stem = `zed${Date.now().toString(36).slice(-5)}`;
  const zoe = await createAccount(request, `Zoe ${stem}`);
  await befriend(request, mia, zoe);

  const { context, page } = await newSignedInContext(browser, mia);
  const composer = page.getByRole('form', { name: 'Create a post' });
  const box = composer.getByLabel("What's on your mind?");
  await box.fill('Coffee with ');
  await box.pressSequentially(`@${stem.slice(0, 4)}`);
  const list = composer.getByRole('listbox', { name: 'People to mention' });
  await expect(list.getByRole('option', { name: new RegExp(`Zoe ${stem}`) })).toBeVisible();
  await expect(box).toHaveAttribute('aria-activedescendant', /.+/);

  // Escape closes the list; typing on after a new @ opens it again; Enter puts the name in, and does not post.
  await box.press('Escape');
  await expect(list).toBeHidden();
  await box.press('Backspace');
  await box.pressSequentially(stem.slice(3, 4));
  await box.press('Space');
  await box.pressSequentially(`@${zoe.userName.slice(0, 6)}`);
  await expect(list.getByRole('option', { name: new RegExp(`Zoe ${stem}`) })).toBeVisible();
  // axe on the open list, light and dark, desktop and phone (the theme reloads the page: type again).
  const findings: string[] = [];
  for (const theme of ['light', 'dark'] as const) {
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width < 768 ? 844 : 860 });
      await useTheme(page, theme);
      await box.fill('Coffee with ');
      await box.pressSequentially(`@${zoe.userName.slice(0, 6)}`);
      await expect(list).toBeVisible();
      findings.push(...(await axeFindings(page, `composer list ${theme} ${width}`)));
      await shot(page, `mentions-composer-${theme}-${width}`);
    }
  }
  await page.setViewportSize({ width: 1280, height: 860 });
  await useTheme(page, 'light');
  await box.fill('Coffee with ');
  await box.pressSequentially(`@${zoe.userName.slice(0, 6)}`);
  await expect(list).toBeVisible();
  await box.press('Enter');
  await expect(list).toBeHidden();
  await expect(box).toHaveValue(new RegExp(`@${zoe.userName} $`));
  await box.pressSequentially('at noon');
  await composer.getByRole('button', { name: 'Post', exact: true }).click();

  const post = page.getByRole('region', { name: 'Feed' }).getByRole('article', { name: 'Mia Mentioner' }).filter({ hasText: 'at noon' });
  await expect(post.getByRole('link', { name: `@${zoe.userName}` })).toHaveAttribute(
    'href',
    `/network/u/profile/${mia.userName}/visited/${zoe.userName}`,
  );

  // Zoe hears of it; the notification opens the post.
  const zoeSide = await newSignedInContext(browser, zoe);
  const bell = zoeSide.page.getByRole('button', { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName(/1 unread/);
  await bell.click();
  const notice = zoeSide.page.getByRole('button', { name: /Mia Mentioner mentioned you in a post/ });
  await notice.click();
  await expect(zoeSide.page).toHaveURL(/\/posts\/[0-9a-f-]+$/);
  const shown = zoeSide.page.getByRole('region', { name: 'Post' }).getByRole('article', { name: 'Mia Mentioner' });
  await expect(shown).toContainText('Coffee with');
  await expect(shown.getByRole('link', { name: `@${zoe.userName}` })).toBeVisible();

  // The comment box offers the list too.
  const comment = zoeSide.page.getByLabel('Write a comment');
  await comment.pressSequentially('@mia');
  await expect(
    zoeSide.page.getByRole('listbox', { name: 'People to mention' }).getByRole('option', { name: /Mia Mentioner/ }),
  ).toBeVisible();
  await comment.press('Tab');
  await expect(comment).toHaveValue(`@${mia.userName} `);

  for (const theme of ['light', 'dark'] as const) {
    for (const width of [1280, 390]) {
      await zoeSide.page.setViewportSize({ width, height: width < 768 ? 844 : 860 });
      await useTheme(zoeSide.page, theme);
      await expect(shown).toBeVisible();
      findings.push(...(await axeFindings(zoeSide.page, `post page ${theme} ${width}`)));
      await shot(zoeSide.page, `mentions-post-page-${theme}-${width}`);
    }
  }

  // Zoe takes another name: Mia's post keeps its text and links her under the new one.
  const renamed = `${zoe.userName.slice(0, 20)}_new`;
  expect((await request.patch('/api/v1/users/me', { data: { userName: renamed }, headers: auth(zoe) })).ok()).toBe(true);
  await page.reload();
  const after = page.getByRole('region', { name: 'Feed' }).getByRole('article', { name: 'Mia Mentioner' }).filter({ hasText: 'at noon' });
  const link = after.getByRole('link', { name: `@${renamed}` });
  await expect(link).toBeVisible();
  await link.click();
  await expect(page).toHaveURL(`/network/u/profile/${mia.userName}/visited/${renamed}`);

  // The chat composer offers the person of the conversation, above the message box.
  for (const theme of ['light', 'dark'] as const) {
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width < 768 ? 844 : 860 });
      await page.goto(`/chat/${renamed}`);
      await useTheme(page, theme);
      const message = page.getByLabel('Type a message...');
      await message.pressSequentially('@zoe');
      await expect(
        page.getByRole('listbox', { name: 'People to mention' }).getByRole('option', { name: new RegExp(`Zoe ${stem}`) }),
      ).toBeVisible();
      findings.push(...(await axeFindings(page, `chat list ${theme} ${width}`)));
      await shot(page, `mentions-chat-${theme}-${width}`);
    }
  }

  expect(findings).toEqual([]);
  await zoeSide.context.close();
  await context.close();
});

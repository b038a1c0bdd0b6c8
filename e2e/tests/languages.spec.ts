/**
 * Languages (issue 32): Settings switches the app to Arabic at once and keeps it on the account; the
 * feed and Settings then read Arabic, right to left, with the navigation on the right at desktop width.
 * Screenshots at 390 and 1280 px go to e2e/artifacts; axe finds nothing serious in either.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import path from 'node:path';
import { ARTIFACTS, createAccount, newSignedInContext } from './helpers';

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

async function expectAxeClean(page: Page, where: string) {
  await page.waitForTimeout(400);
  const result = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    where,
  ).toEqual([]);
}

test('Arabic from Settings: the feed and Settings read Arabic, right to left, and the choice is kept', async ({ browser, request }) => {
  test.setTimeout(150_000);
  const account = await createAccount(request, 'Layla Haddad');
  const { context, page } = await newSignedInContext(browser, account);
  const auth = { authorization: `Bearer ${account.accessToken}` };

  await page.goto('/settings/account');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await page.getByLabel('Language', { exact: true }).selectOption('ar');

  // At once, before any reload.
  await expect(page.getByRole('heading', { level: 1, name: 'الإعدادات' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('link', { name: 'الحساب' })).toBeVisible();
  const me = async () => ((await (await request.get('/api/v1/users/me', { headers: auth })).json()) as { user: { language: string } }).user;
  await expect.poll(async () => (await me()).language).toBe('ar');
  await expectAxeClean(page, 'settings, 1280');
  await page.screenshot({ path: path.join(ARTIFACTS, 'languages-ar-settings-1280.png') });

  // The account's language holds on a fresh load of the feed.
  await page.goto('/feeds');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('textbox', { name: 'بمَ تفكّر؟' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'نشر' })).toBeVisible();
  const nav = page.getByRole('complementary', { name: 'التنقل الرئيسي' });
  await expect(nav.getByRole('link', { name: 'الرئيسية' })).toBeVisible();
  // Right to left, the navigation column sits on the right at desktop width.
  const box = (await nav.boundingBox())!;
  expect(box.x + box.width).toBeGreaterThan(1280 - 2);
  expect(box.x).toBeGreaterThan(1280 / 2);
  // The email reminder, the stories row, the search and the side column read Arabic too.
  await expect(page.getByRole('region', { name: 'أكّد بريدك الإلكتروني' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'القصص' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'ابحث عن أشخاص ووسوم' })).toHaveAttribute('placeholder', 'ابحث عن أشخاص، #وسوم...');
  await expect(page.getByRole('heading', { name: 'الأكثر تداولًا' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'أشخاص قد تعرفهم' })).toBeVisible();
  await expectAxeClean(page, 'feed, 1280');
  await page.screenshot({ path: path.join(ARTIFACTS, 'languages-ar-feed-1280.png') });

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('navigation', { name: 'التنقل الرئيسي' })).toBeVisible();
  await expectAxeClean(page, 'feed, 390');
  await page.screenshot({ path: path.join(ARTIFACTS, 'languages-ar-feed-390.png') });
  await page.goto('/network');
  await expect(page.getByRole('heading', { level: 1, name: 'الشبكة' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'الجميع' })).toHaveAttribute('aria-selected', 'true');
  await page.screenshot({ path: path.join(ARTIFACTS, 'languages-ar-network-390.png') });
  await page.goto('/settings/account');
  await expect(page.getByRole('heading', { level: 1, name: 'الإعدادات' })).toBeVisible();
  await page.screenshot({ path: path.join(ARTIFACTS, 'languages-ar-settings-390.png') });

  // Back to English, at once.
  await page.getByLabel('اللغة', { exact: true }).selectOption('en');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await context.close();
});

test('the pseudo-locale marks every converted text', async ({ browser, request }) => {
  const account = await createAccount(request, 'Pseudo Reader');
  const { context, page } = await newSignedInContext(browser, account);
  await page.goto('/feeds?lng=pseudo');
  await expect(page.getByRole('button', { name: '[Póst]' })).toBeVisible();
  await context.close();
});

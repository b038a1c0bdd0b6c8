/** Every page has a title of its own: tabs, history and screen readers tell them apart. */
import { expect, test } from '@playwright/test';
import { createAccount, newSignedInContext } from './helpers';

test('every page is titled after what it shows', async ({ browser, request, page }) => {
  const me = await createAccount(request, 'Tess Titles');
  const ana = await createAccount(request, 'Ana Writer');

  const signedOut: Array<[string, string]> = [
    ['/auth/login', 'Log in · Plaza'],
    ['/auth/signup', 'Sign up · Plaza'],
    ['/auth/forgot-password', 'Forgot password · Plaza'],
    ['/no-such-page', 'Page not found · Plaza'],
  ];
  for (const [url, title] of signedOut) {
    await page.goto(url);
    await expect(page, url).toHaveTitle(title);
  }

  const { page: signedIn, context } = await newSignedInContext(browser, me);
  const pages: Array<[string, string]> = [
    ['/feeds', 'Feed · Plaza'],
    ['/network', 'Network · Plaza'],
    ['/chat', 'Chat · Plaza'],
    [`/chat/${ana.userName}`, 'Chat with Ana Writer · Plaza'],
    ['/favorites', 'Favorites · Plaza'],
    ['/settings/account', 'Settings · Plaza'],
    ['/settings/profile', 'Profile settings · Plaza'],
    ['/settings/blocked', 'Blocked people · Plaza'],
    ['/settings/data', 'Your data · Plaza'],
    [`/network/u/profile/${me.userName}/visited/${ana.userName}`, 'Ana Writer · Plaza'],
    [`/network/u/profile/${me.userName}/visited/${me.userName}`, 'Tess Titles · Plaza'],
  ];
  const seen = new Set<string>();
  for (const [url, title] of pages) {
    await signedIn.goto(url);
    await expect(signedIn, url).toHaveTitle(title);
    seen.add(title);
  }
  expect(seen.size).toBe(pages.length);
  await context.close();
});

/** People in a real browser: search, a friend request that arrives live, accepting it, removing the friend. */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import path from 'node:path';
import { ARTIFACTS, createAccount, newSignedInContext, screenshotMatrix, useTheme, type Account } from './helpers';

const NEIGHBOURS: Array<[string, string]> = [
  ['Marta Kowalczyk', 'Street photographer. Mostly bicycles, sometimes pigeons.'],
  ['Tomás Herrera', 'Weekend baker and weekday backend developer.'],
  ['Aiko Tanaka', 'Trail runner collecting sunrises across the Alps.'],
  ['Jonah Whitfield', ''],
  ['Priya Raman', 'Reading list longer than my commute. Ask me about sci-fi.'],
];

async function setBio(request: APIRequestContext, account: Account, userBio: string) {
  const res = await request.patch('/api/v1/users/me', { data: { userBio }, headers: { authorization: `Bearer ${account.accessToken}` } });
  expect(res.ok(), 'PATCH /users/me').toBeTruthy();
}

async function connect(request: APIRequestContext, from: Account, to: Account, accept: boolean) {
  const sent = await request.post('/api/v1/users/follow/friend-request/send', {
    data: { targetUserId: to._id },
    headers: { authorization: `Bearer ${from.accessToken}` },
  });
  expect(sent.ok(), 'friend-request/send').toBeTruthy();
  if (!accept) return;
  const accepted = await request.post('/api/v1/users/follow/friend-request/accept', {
    data: { targetUserId: from._id },
    headers: { authorization: `Bearer ${to.accessToken}` },
  });
  expect(accepted.ok(), 'friend-request/accept').toBeTruthy();
}

async function neighbours(request: APIRequestContext): Promise<Account[]> {
  const made: Account[] = [];
  for (const [name, bio] of NEIGHBOURS) {
    const neighbour = await createAccount(request, name);
    if (bio) await setBio(request, neighbour, bio);
    made.push(neighbour);
  }
  return made;
}

const profileUrl = (visitor: Account, visited: Account) => `/network/u/profile/${visitor.userName}/visited/${visited.userName}`;
const card = (page: Page, name: string) => page.getByRole('list', { name: 'People' }).getByRole('article', { name });

// First, so these people fill page 1 of the network when this file runs alone.
test('screenshots of the network and a profile', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const [marta, tomas, aiko, , priya] = await neighbours(request);
  const viewer = await createAccount(request, 'Noor Haddad');
  await setBio(request, viewer, 'Product designer who likes plazas more than malls.');
  // Every status once: a friend, a request sent, a request received; a friend of a friend for suggestions.
  await connect(request, viewer, marta, true);
  await connect(request, viewer, tomas, false);
  await connect(request, aiko, viewer, false);
  await connect(request, marta, priya, true);

  const { context, page } = await newSignedInContext(browser, viewer);
  await page.goto('/network?tab=everyone');
  await screenshotMatrix(page, 'network', async (p) => {
    await expect(p.getByRole('list', { name: 'People' }).getByRole('article').first()).toBeVisible();
  });
  // The navbar dropdowns, open: the search results and the notifications panel.
  for (const [theme, width] of [
    ['light', 1280],
    ['dark', 390],
  ] as const) {
    await page.setViewportSize({ width, height: 844 });
    await useTheme(page, theme);
    await page.getByRole('combobox', { name: 'Search people' }).fill('a');
    await expect(page.getByRole('option').first()).toBeVisible();
    await page.screenshot({ path: path.join(ARTIFACTS, `people-search-${theme}-${width}.png`) });
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: /^Notifications/ }).click();
    await expect(page.getByRole('list', { name: 'Notifications list' })).toBeVisible();
    // Lets the panel's fade-in finish.
    await page.waitForTimeout(400);
    await page.screenshot({ path: path.join(ARTIFACTS, `notifications-${theme}-${width}.png`) });
    await page.keyboard.press('Escape');
  }
  await page.goto(profileUrl(viewer, marta));
  await screenshotMatrix(page, 'profile', async (p) => {
    await expect(p.getByRole('heading', { level: 1, name: 'Marta Kowalczyk' })).toBeVisible();
    await expect(p.getByRole('button', { name: /Friends/ })).toBeVisible();
  });
  await context.close();
});

test('a friend request found through search arrives live, is accepted, then removed', async ({ browser, request }) => {
  await neighbours(request);
  const alice = await createAccount(request, 'Alice Sender');
  const zeph = await createAccount(request, 'Zephyrine Quillfeather');
  await setBio(request, alice, 'Collects friends and fountain pens.');
  await setBio(request, zeph, 'Cartographer of imaginary cities. Tea over coffee, always.');

  // Zephyrine waits on her network page.
  const { context: zephContext, page: zephPage } = await newSignedInContext(browser, zeph);
  await zephPage.goto('/network');
  await expect(card(zephPage, 'Alice Sender')).toBeVisible();
  await expect(card(zephPage, 'Alice Sender').getByRole('button', { name: 'Add friend' })).toBeVisible();

  // Alice finds her through the navbar search and sends a request from her profile.
  const { context: aliceContext, page: alicePage } = await newSignedInContext(browser, alice);
  const search = alicePage.getByRole('combobox', { name: 'Search people' });
  await search.fill('quillf');
  const option = alicePage.getByRole('option', { name: /Zephyrine Quillfeather/ });
  await expect(option).toBeVisible();
  await expect(option).toContainText(`@${zeph.userName}`);
  await option.click();
  await expect(alicePage).toHaveURL(profileUrl(alice, zeph));
  await expect(alicePage.getByRole('heading', { level: 1, name: 'Zephyrine Quillfeather' })).toBeVisible();
  await alicePage.getByRole('button', { name: 'Add friend' }).click();
  await expect(alicePage.getByRole('button', { name: 'Cancel request' })).toBeEnabled();

  // Without reloading, Zephyrine gets a toast, a badge and Accept on Alice's card.
  await expect(zephPage.getByText('Alice Sender sent you a friend request')).toBeVisible();
  await expect(zephPage.getByTestId('notifications-badge')).toHaveText('1');
  await expect(card(zephPage, 'Alice Sender').getByRole('button', { name: 'Accept' })).toBeVisible();

  // She closes the toast, which sits over the bell at this width (top right, product.md § Layout and theme): a pointer resting
  // on a toast holds it open, so a click meant for the bell would wait on it.
  const toast = zephPage.locator('[data-sonner-toast]').filter({ hasText: 'Alice Sender sent you a friend request' });
  await toast.locator('[data-close-button]').click();
  await expect(toast).toHaveCount(0);

  // The request is in the bell; opening it leads to Alice's profile, where she accepts.
  await zephPage.getByRole('button', { name: 'Notifications, 1 unread' }).click();
  const entry = zephPage
    .getByRole('list', { name: 'Notifications list' })
    .getByRole('button', { name: /Alice Sender sent you a friend request/ });
  await expect(entry).toBeVisible();
  await entry.click();
  await expect(zephPage).toHaveURL(profileUrl(zeph, alice));
  await expect(zephPage.getByTestId('notifications-badge')).toHaveCount(0);
  await zephPage.getByRole('button', { name: 'Accept' }).click();
  await expect(zephPage.getByRole('button', { name: /Friends/ })).toBeVisible();

  // Alice sees the friendship arrive live on the profile she is looking at.
  await expect(alicePage.getByText('Zephyrine Quillfeather accepted your friend request')).toBeVisible();
  await expect(alicePage.getByRole('button', { name: /Friends/ })).toBeVisible();

  // "Message" beside Friends opens the conversation with that person.
  await alicePage.getByRole('link', { name: 'Message Zephyrine Quillfeather' }).click();
  await expect(alicePage).toHaveURL(/\/chat\/[^/]+$/);
  await expect(alicePage.getByRole('heading', { level: 2, name: 'Zephyrine Quillfeather' })).toBeVisible();
  await expect(alicePage.getByPlaceholder('Type a message...')).toBeVisible();
  await alicePage.goBack();
  await expect(alicePage).toHaveURL(profileUrl(alice, zeph));

  // Zephyrine removes the friend, after confirming.
  await zephPage.getByRole('button', { name: /Friends/ }).click();
  await zephPage.getByRole('menuitem', { name: 'Remove friend' }).click();
  const dialog = zephPage.getByRole('dialog', { name: 'Remove Alice Sender from your friends?' });
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await expect(dialog).toBeHidden();
  await expect(zephPage.getByRole('button', { name: 'Add friend' })).toBeVisible();
  await zephPage.reload();
  await expect(zephPage.getByRole('button', { name: 'Add friend' })).toBeVisible();
  await alicePage.reload();
  await expect(alicePage.getByRole('button', { name: 'Add friend' })).toBeVisible();

  await zephContext.close();
  await aliceContext.close();
});

test('an unknown profile says the person does not exist', async ({ browser, request }) => {
  const visitor = await createAccount(request, 'Curious Visitor');
  const { context, page } = await newSignedInContext(browser, visitor);
  await page.goto(`/network/u/profile/${visitor.userName}/visited/nobody_here_at_all`);
  await expect(page.getByRole('heading', { name: "This person doesn't exist" })).toBeVisible();
  await context.close();
});

/**
 * One tab, two people: someone signs in, looks at their feed, network, notifications, a profile and a
 * chat, logs out, and someone else signs in in the same tab without a reload. Nothing the first person
 * saw may show to the second, not even for a moment before fresh data arrives.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { createAccount, loginViaUi, type Account } from './helpers';

const auth = (a: Account) => ({ authorization: `Bearer ${a.accessToken}` });

async function sendRequest(request: APIRequestContext, from: Account, to: Account) {
  const res = await request.post('/api/v1/users/follow/friend-request/send', { data: { targetUserId: to._id }, headers: auth(from) });
  expect(res.ok(), 'friend-request/send').toBeTruthy();
}

async function befriend(request: APIRequestContext, from: Account, to: Account) {
  await sendRequest(request, from, to);
  const res = await request.post('/api/v1/users/follow/friend-request/accept', { data: { targetUserId: from._id }, headers: auth(to) });
  expect(res.ok(), 'friend-request/accept').toBeTruthy();
}

async function post(request: APIRequestContext, author: Account, content: string) {
  const res = await request.post('/api/v1/posts', { multipart: { content }, headers: auth(author) });
  expect(res.status(), 'POST /posts').toBe(201);
}

async function message(request: APIRequestContext, from: Account, to: Account, text: string) {
  const res = await request.post('/api/v1/chats/send', {
    headers: auth(from),
    data: { messageSenderUsername: from.userName, messageReceiverUsername: to.userName, messageContent: text },
  });
  expect(res.status(), 'POST /chats/send').toBe(201);
}

/**
 * Client-side navigation only: a page load would start a fresh store and hide what this spec looks for.
 * The name may go on with a badge ("Chat 1 unread message").
 */
const goTo = (page: Page, label: 'Feed' | 'Network' | 'Chat') =>
  page
    .getByRole('complementary', { name: 'Main navigation' })
    .getByRole('link', { name: new RegExp(`^${label}(\\s|$)`) })
    .click();

async function openProfileBySearch(page: Page, person: Account) {
  await page.getByRole('combobox', { name: 'Search people' }).fill(person.userName);
  await page.getByRole('option', { name: new RegExp(person.fullName) }).click();
  await expect(page.getByRole('heading', { level: 1, name: person.fullName })).toBeVisible();
}

async function openConversation(page: Page, other: Account) {
  await expect(page.getByRole('heading', { name: 'Conversations' })).toBeVisible();
  await page.getByPlaceholder('Search conversations...').fill(other.userName);
  await page.getByRole('button', { name: new RegExp(other.fullName) }).click();
  const conversation = page.getByRole('region', { name: `Conversation with ${other.fullName}` });
  await expect(conversation).toBeVisible();
  return conversation;
}

const card = (page: Page, name: string) => page.getByRole('list', { name: 'People' }).getByRole('article', { name });

/** The network, narrowed to this test's people (other specs fill the first pages with theirs). */
async function showNetwork(page: Page, tag: string) {
  await goTo(page, 'Network');
  await page.getByLabel('Search your network').fill(tag);
  await expect(page.getByText(new RegExp(`matching “${tag}”`))).toBeVisible();
}

/**
 * From now on, records every moment the page shows one of `texts` anywhere, or `headerName` in the
 * navbar (the signed-in person's avatar and menu), by watching every change to the page.
 */
async function watchFor(page: Page, texts: string[], headerName: string) {
  await page.evaluate(
    ({ texts, headerName }) => {
      const seen: string[] = [];
      (window as unknown as { __leaks: string[] }).__leaks = seen;
      const look = () => {
        const visible = document.body.innerText;
        for (const text of texts) if (visible.includes(text) && !seen.includes(text)) seen.push(text);
        const header = document.querySelector('header')?.outerHTML ?? '';
        if (header.includes(headerName) && !seen.includes(`header: ${headerName}`)) seen.push(`header: ${headerName}`);
      };
      new MutationObserver(look).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
      look();
    },
    { texts, headerName },
  );
}

const leaks = (page: Page) => page.evaluate(() => (window as unknown as { __leaks: string[] }).__leaks);

test("after a logout and someone else's login in the same tab, none of the first person's data shows", async ({ page, request }) => {
  test.setTimeout(120_000);
  const tag = Date.now().toString(36);
  // A and B, each with a friend of their own; P is someone A asked (a pending request) and B never did.
  const a = await createAccount(request, `Avery Firstuser ${tag}`);
  const b = await createAccount(request, `Blake Seconduser ${tag}`);
  const aFriend = await createAccount(request, `Fran Friendofa ${tag}`);
  const bFriend = await createAccount(request, `Gale Friendofb ${tag}`);
  const pending = await createAccount(request, `Pat Pending ${tag}`);
  await befriend(request, a, aFriend);
  await befriend(request, bFriend, b);
  await sendRequest(request, a, pending);
  const aPost = `Only Avery's circle reads this ${tag}`;
  const bPost = `Only Blake's circle reads this ${tag}`;
  await post(request, aFriend, aPost);
  await post(request, bFriend, bPost);
  // Posts of people one does not know may be suggested on the feed: B mutes A's friend, so that friend's
  // post is never B's to see and any sight of it can only come from A's session.
  const muted = await request.post(`/api/v1/users/${aFriend._id}/mute`, { headers: auth(b) });
  expect(muted.ok(), 'mute').toBeTruthy();
  const aSecret = `Psst Fran, from Avery ${tag}`;
  const bSecret = `Psst Blake, from Gale ${tag}`;
  await message(request, a, aFriend, aSecret);
  await message(request, bFriend, b, bSecret);
  const aNotification = `${aFriend.fullName} accepted your friend request`;
  const bNotification = `${bFriend.fullName} sent you a friend request`;

  // A looks around: every screen fills the cache with A's data.
  await loginViaUi(page, a);
  await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
  await expect(page.getByText(aPost)).toBeVisible();
  await showNetwork(page, tag);
  await expect(card(page, pending.fullName).getByRole('button', { name: 'Cancel request' })).toBeVisible();
  await expect(card(page, aFriend.fullName).getByRole('button', { name: /Friends/ })).toBeVisible();
  await page.getByRole('button', { name: /^Notifications/ }).click();
  await expect(page.getByRole('list', { name: 'Notifications list' }).getByText(aNotification)).toBeVisible();
  await page.keyboard.press('Escape');
  await openProfileBySearch(page, pending);
  await expect(page.getByRole('button', { name: 'Cancel request' })).toBeVisible();
  await goTo(page, 'Chat');
  await expect((await openConversation(page, aFriend)).getByText(aSecret)).toBeVisible();
  await goTo(page, 'Feed');
  await expect(page.getByText(aPost)).toBeVisible();

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);

  // From here on, nothing of A's may appear, not even for a moment.
  await watchFor(page, [aPost, aNotification, aSecret, 'Cancel request'], a.fullName);

  await page.getByLabel('User name or email').fill(b.userName);
  await page.getByLabel('Password', { exact: true }).fill(b.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/feeds$/);

  await expect(page.getByText(bPost)).toBeVisible();
  // The account menu names the person now signed in.
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('menu')).toContainText(b.fullName);
  await page.keyboard.press('Escape');
  await showNetwork(page, tag);
  await expect(card(page, pending.fullName).getByRole('button', { name: 'Add friend' })).toBeVisible();
  await expect(card(page, bFriend.fullName).getByRole('button', { name: /Friends/ })).toBeVisible();
  await expect(card(page, a.fullName).getByRole('button', { name: 'Add friend' })).toBeVisible();
  await page.getByRole('button', { name: /^Notifications/ }).click();
  await expect(page.getByRole('list', { name: 'Notifications list' }).getByText(bNotification)).toBeVisible();
  await page.keyboard.press('Escape');
  await openProfileBySearch(page, pending);
  await expect(page.getByRole('button', { name: 'Add friend' })).toBeVisible();
  await goTo(page, 'Chat');
  await expect((await openConversation(page, bFriend)).getByText(bSecret)).toBeVisible();
  await goTo(page, 'Feed');
  await expect(page.getByText(bPost)).toBeVisible();
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('menu').getByText(b.fullName)).toBeVisible();
  await page.keyboard.press('Escape');

  // Late answers to A's requests would land by now.
  await page.waitForTimeout(1000);
  expect(await leaks(page)).toEqual([]);
  expect(await page.getByText(aPost).count()).toBe(0);
  // Still the same document: the store was never rebuilt by a page load.
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
});

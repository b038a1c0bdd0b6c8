/**
 * Chat end to end: two people in two browser contexts talk live — presence, typing, delivery, read
 * receipts — the phone layout, and a dropped connection that loses and repeats nothing.
 */
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import path from 'node:path';
import { ARTIFACTS, befriend, createAccount, loginViaUi, newSignedInContext, screenshotMatrix, type Account } from './helpers';

async function sendViaApi(request: APIRequestContext, from: Account, to: Account, text: string) {
  const res = await request.post('/api/v1/chats/send', {
    headers: { Authorization: `Bearer ${from.accessToken}` },
    data: { messageSenderUsername: from.userName, messageReceiverUsername: to.userName, messageContent: text },
  });
  expect(res.status()).toBe(201);
}

/** Opens /chat (unless already there) and the conversation with `other`; returns the conversation panel. */
async function openConversation(page: Page, other: Account): Promise<Locator> {
  if (!page.url().endsWith('/chat')) await page.goto('/chat');
  await expect(page.getByRole('heading', { name: 'Conversations' })).toBeVisible();
  await page.getByPlaceholder('Search conversations...').fill(other.userName);
  await page.getByRole('button', { name: new RegExp(other.fullName) }).click();
  const conversation = page.getByRole('region', { name: `Conversation with ${other.fullName}` });
  await expect(conversation).toBeVisible();
  await expect(conversation.getByText('Loading messages...')).toHaveCount(0);
  return conversation;
}

const bubbles = (conversation: Locator, pattern: RegExp) => conversation.getByRole('log').getByText(pattern);

test('two people chat live: presence, typing, delivery, read receipts, going offline', async ({ browser, request }) => {
  const alice = await createAccount(request, 'Alice Live');
  const bob = await createAccount(request, 'Bob Live');
  await befriend(request, alice, bob);
  const A = await newSignedInContext(browser, alice);
  const B = await newSignedInContext(browser, bob);

  await A.page.goto('/chat');
  await expect(A.page.getByText('Welcome to Chat')).toBeVisible();
  await expect(A.page.getByText('Select a conversation from the list to start chatting')).toBeVisible();

  const atA = await openConversation(A.page, bob);
  const atB = await openConversation(B.page, alice);
  await expect(atA.getByText('No messages yet. Start the conversation!')).toBeVisible();
  await expect(atA.getByText('Online', { exact: true })).toBeVisible();
  await expect(atB.getByText('Online', { exact: true })).toBeVisible();

  const input = atA.getByPlaceholder('Type a message...');
  const send = atA.getByRole('button', { name: 'Send message' });
  await expect(send).toBeDisabled();
  await input.pressSequentially('Hello Bob, live from Alice');
  await expect(atA.getByText('26/1000')).toBeVisible();
  await expect(atB.getByText(/typing/)).toBeVisible();

  await input.press('Enter');
  await expect(input).toHaveValue('');
  await expect(bubbles(atB, /^Hello Bob, live from Alice$/)).toBeVisible();
  await expect(atB.getByText(/typing/)).toHaveCount(0);
  // Bob has the conversation open, so it is read at once and Alice sees the double tick.
  await expect(atA.getByRole('img', { name: 'Read' })).toBeVisible();

  // Shift+Enter breaks the line; Enter sends both lines as one message.
  const reply = atB.getByPlaceholder('Type a message...');
  await reply.fill('Hi Alice');
  await reply.press('Shift+Enter');
  await reply.pressSequentially('second line');
  await reply.press('Enter');
  await expect(bubbles(atA, /Hi Alice\s+second line/)).toBeVisible();
  await expect(bubbles(atB, /Hi Alice\s+second line/)).toHaveCount(1);

  await B.context.close();
  await expect(atA.getByText('Offline', { exact: true })).toBeVisible();
  await A.context.close();
});

test('on a phone the list and the conversation show one at a time', async ({ browser, request }) => {
  const ann = await createAccount(request, 'Ann Phone');
  const ben = await createAccount(request, 'Ben Phone');
  await befriend(request, ann, ben);
  await sendViaApi(request, ben, ann, 'Ping from Ben');
  const { context, page } = await newSignedInContext(browser, ann, { width: 390 });

  await page.goto('/chat');
  const list = page.getByRole('complementary', { name: 'Conversations' });
  await expect(list).toBeVisible();
  await expect(page.getByText('Welcome to Chat')).toHaveCount(0);
  // Ben wrote first: his row is on top, with an unread badge.
  await expect(list.getByRole('button', { name: /Ben Phone/ })).toBeVisible();
  await expect(list.getByLabel('1 unread', { exact: true })).toBeVisible();

  await page.screenshot({ path: path.join(ARTIFACTS, 'chat-list-light-390.png') });

  await list.getByRole('button', { name: /Ben Phone/ }).click();
  const conversation = page.getByRole('region', { name: 'Conversation with Ben Phone' });
  await expect(conversation).toBeVisible();
  await expect(list).toHaveCount(0);
  await expect(bubbles(conversation, /^Ping from Ben$/)).toBeVisible();

  await conversation.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByRole('complementary', { name: 'Conversations' })).toBeVisible();
  await expect(conversation).toHaveCount(0);
  // Opening it read it: the badge is gone.
  await expect(page.getByRole('complementary', { name: 'Conversations' }).getByLabel('1 unread', { exact: true })).toHaveCount(0);

  await page.getByPlaceholder('Search conversations...').fill('zz-nobody-has-this-name');
  await expect(page.getByText('No users found matching "zz-nobody-has-this-name"')).toBeVisible();
  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(page.getByRole('button', { name: /Ben Phone/ })).toBeVisible();
  await context.close();
});

test('a dropped connection: after reconnecting every missed message is there once, in order', async ({ browser, request, baseURL }) => {
  test.setTimeout(120_000);
  const sender = await createAccount(request, 'Sam Sender');
  const reader = await createAccount(request, 'Rita Reader');
  await befriend(request, sender, reader);
  const A = await newSignedInContext(browser, sender);
  // socket.io drops its connection when the browser goes offline, except on a "localhost" page:
  // the reader uses the loopback address so going offline cuts the socket as a lost network would.
  const B = {
    context: await browser.newContext({ baseURL: baseURL!.replace('localhost', '127.0.0.1'), viewport: { width: 1280, height: 860 } }),
  };
  const bPage = await B.context.newPage();
  await loginViaUi(bPage, reader);

  const atA = await openConversation(A.page, reader);
  const atB = await openConversation(bPage, sender);
  await expect(atB.getByText('Online', { exact: true })).toBeVisible();

  await B.context.setOffline(true);
  // With the whole browser offline the app-wide line says so, and the chat adds no second notice.
  await expect(bPage.getByText(/You're offline/)).toBeVisible({ timeout: 15_000 });
  await expect(bPage.getByText('Connection error. Trying to reconnect...')).toHaveCount(0);
  await expect(atB.getByRole('button', { name: 'Send message' })).toBeDisabled();

  const texts = Array.from({ length: 20 }, (_, i) => `missed message ${i + 1}`);
  const input = atA.getByPlaceholder('Type a message...');
  for (const text of texts) {
    await input.fill(text);
    await input.press('Enter');
    await expect(bubbles(atA, new RegExp(`^${text}$`))).toBeVisible();
    // Under the server's flood limit of five a second.
    await A.page.waitForTimeout(250);
  }
  await expect(atA.getByRole('img', { name: 'Sending' })).toHaveCount(0);
  await expect(bubbles(atB, /^missed message \d+$/)).toHaveCount(0);

  await B.context.setOffline(false);
  await expect(bPage.getByText(/You're offline/)).toHaveCount(0, { timeout: 30_000 });
  await expect(bPage.getByText('Connection error. Trying to reconnect...')).toHaveCount(0, { timeout: 30_000 });
  await expect(bubbles(atB, /^missed message 20$/)).toBeVisible({ timeout: 30_000 });
  // Give a late duplicate (a replayed packet after the history merge) the chance to show up.
  await bPage.waitForTimeout(1500);
  expect(await bubbles(atB, /^missed message \d+$/).allTextContents()).toEqual(texts);

  // And the live path still works after the reconnect.
  await input.fill('after the storm');
  await input.press('Enter');
  await expect(bubbles(atB, /^after the storm$/)).toHaveCount(1);
  await A.context.close();
  await B.context.close();
});

test('screenshots of an open conversation', async ({ browser, request }) => {
  const me = await createAccount(request, 'Maya Screens');
  const friend = await createAccount(request, 'Noah Friend');
  const other = await createAccount(request, 'Olivia Other');
  await befriend(request, me, friend);
  await befriend(request, me, other);
  await sendViaApi(request, other, me, 'Are we still on for Saturday?');
  for (const [from, to, text] of [
    [friend, me, 'Hey Maya! Did you see the photos from the hike?'],
    [me, friend, 'Yes! The one at the summit is amazing 🏔️'],
    [friend, me, 'We should plan the next one soon.\nMaybe the lake trail?'],
    [me, friend, 'Count me in. Next weekend works for me.'],
  ] as const) {
    await sendViaApi(request, from, to, text);
  }
  // Noah is signed in elsewhere, so he shows as online.
  const noah = await newSignedInContext(browser, friend);
  const { context, page } = await newSignedInContext(browser, me);
  await screenshotMatrix(page, 'chat', async (p) => {
    await openConversation(p, friend);
    if ((p.viewportSize()?.width ?? 0) >= 768) await p.getByPlaceholder('Search conversations...').fill('');
    await expect(p.getByRole('region', { name: 'Conversation with Noah Friend' }).getByText('Online', { exact: true })).toBeVisible();
  });
  await context.close();
  await noah.context.close();
});

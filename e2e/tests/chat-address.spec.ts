/**
 * Conversations have addresses: opening one goes to /chat/<userName>, a reload lands on it again, Back
 * returns to the list or the previous conversation, an unknown name or group says so; the message box
 * takes the focus when a conversation opens. On a phone too.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import path from 'node:path';
import { ARTIFACTS, befriend, createAccount, newSignedInContext, type Account } from './helpers';

async function say(request: APIRequestContext, from: Account, to: Account, text: string) {
  const res = await request.post('/api/v1/chats/send', {
    headers: { Authorization: `Bearer ${from.accessToken}` },
    data: { messageSenderUsername: from.userName, messageReceiverUsername: to.userName, messageContent: text },
  });
  expect(res.status()).toBe(201);
}

const conversationWith = (page: Page, who: Account) => page.getByRole('region', { name: `Conversation with ${who.fullName}` });

test('a conversation has an address that survives reload and Back, and takes the keyboard focus', async ({ browser, request }) => {
  const me = await createAccount(request, 'Cora Address');
  const ana = await createAccount(request, 'Ana Linked');
  const bo = await createAccount(request, 'Bo Linked');
  await befriend(request, me, ana);
  await befriend(request, me, bo);
  await say(request, ana, me, 'Hello from Ana');
  await say(request, bo, me, 'Hello from Bo');
  const { page, context } = await newSignedInContext(browser, me);

  await page.goto('/chat');
  // Bo's message is unread: its count leads the title.
  await expect(page).toHaveTitle(/^(\(\d+\) )?Chat · Plaza$/);
  const list = page.getByRole('complementary', { name: 'Conversations' });
  await list.getByRole('button', { name: /Ana Linked/ }).click();
  await expect(page).toHaveURL(new RegExp(`/chat/${ana.userName}$`));
  await expect(page).toHaveTitle(/^(\(\d+\) )?Chat with Ana Linked · Plaza$/);
  await expect(conversationWith(page, ana).getByText('Hello from Ana')).toBeVisible();
  // The next keystroke belongs to the message box.
  await expect(conversationWith(page, ana).getByPlaceholder('Type a message...')).toBeFocused();
  await page.keyboard.type('typed straight away');
  await expect(conversationWith(page, ana).getByPlaceholder('Type a message...')).toHaveValue('typed straight away');
  // Ctrl+Enter sends too.
  await page.keyboard.press('Control+Enter');
  await expect(conversationWith(page, ana).getByRole('log').getByText('typed straight away')).toBeVisible();
  await expect(conversationWith(page, ana).getByPlaceholder('Type a message...')).toHaveValue('');

  await list.getByRole('button', { name: /Bo Linked/ }).click();
  await expect(page).toHaveURL(new RegExp(`/chat/${bo.userName}$`));
  await expect(conversationWith(page, bo).getByText('Hello from Bo')).toBeVisible();

  await page.reload();
  await expect(conversationWith(page, bo).getByText('Hello from Bo')).toBeVisible();
  await expect(page.getByText('Select a conversation from the list to start chatting')).toHaveCount(0);

  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/chat/${ana.userName}$`));
  await expect(conversationWith(page, ana).getByText('Hello from Ana')).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/chat$/);
  await expect(page.getByText('Select a conversation from the list to start chatting')).toBeVisible();

  // A link to someone never written to opens their (empty) conversation.
  const stranger = await createAccount(request, 'Sid Linked');
  await befriend(request, me, stranger);
  await page.goto(`/chat/${stranger.userName}`);
  await expect(conversationWith(page, stranger).getByText('No messages yet. Start the conversation!')).toBeVisible();

  await page.goto('/chat/nobody_is_called_this');
  await expect(page.getByRole('heading', { name: 'No one to chat with here' })).toBeVisible();
  await expect(page.getByText('There is no one called @nobody_is_called_this')).toBeVisible();
  await page.screenshot({ path: path.join(ARTIFACTS, 'chat-unknown-address-light-1280.png') });
  await page.goto('/chat/g/0190a0a0-0000-7000-8000-000000000000');
  await expect(page.getByRole('heading', { name: 'This conversation does not exist' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to conversations' }).click();
  await expect(page).toHaveURL(/\/chat$/);
  await context.close();
});

test('on a phone: the address shows the conversation alone, Back shows the list', async ({ browser, request }) => {
  const me = await createAccount(request, 'Pia Phone');
  const ana = await createAccount(request, 'Ana Phonelink');
  await befriend(request, me, ana);
  await say(request, ana, me, 'Phone hello');
  const { page, context } = await newSignedInContext(browser, me, { width: 390 });

  await page.goto(`/chat/${ana.userName}`);
  const conversation = conversationWith(page, ana);
  await expect(conversation.getByText('Phone hello')).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'Conversations' })).toHaveCount(0);
  await page.screenshot({ path: path.join(ARTIFACTS, 'chat-address-phone-light-390.png') });
  // Opened from a link, Back in the header goes to the list.
  await conversation.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/chat$/);
  const list = page.getByRole('complementary', { name: 'Conversations' });
  await expect(list).toBeVisible();

  // Opened from the list, the browser's Back returns to it.
  await list.getByRole('button', { name: /Ana Phonelink/ }).click();
  await expect(conversation).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('complementary', { name: 'Conversations' })).toBeVisible();
  await expect(conversation).toHaveCount(0);
  await context.close();
});

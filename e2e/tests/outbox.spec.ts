/**
 * Nothing typed is lost: a message written offline waits (a reload keeps it), goes once when Plaza can
 * be reached again, and a message the server refuses stays on screen as not sent, with Retry.
 */
import { expect, test, type Page } from '@playwright/test';
import path from 'node:path';
import { ARTIFACTS, befriend, createAccount, loginViaUi, newSignedInContext, type Account } from './helpers';

const conversationWith = (page: Page, who: Account) => page.getByRole('region', { name: `Conversation with ${who.fullName}` });

test('a message written offline survives a reload and arrives once when the connection returns', async ({ browser, request, baseURL }) => {
  test.setTimeout(120_000);
  const writer = await createAccount(request, 'Wendy Offline');
  const reader = await createAccount(request, 'Rex Receiver');
  await befriend(request, writer, reader);
  const R = await newSignedInContext(browser, reader);
  await R.page.goto(`/chat/${writer.userName}`);
  const atReader = conversationWith(R.page, writer);
  await expect(atReader.getByText('No messages yet. Start the conversation!')).toBeVisible();

  // socket.io keeps a "localhost" connection through offline mode: the loopback address behaves like a network.
  const context = await browser.newContext({ baseURL: baseURL!.replace('localhost', '127.0.0.1'), viewport: { width: 1280, height: 860 } });
  const page = await context.newPage();
  await loginViaUi(page, writer);
  await page.goto(`/chat/${reader.userName}`);
  const atWriter = conversationWith(page, reader);
  await expect(atWriter.getByText('No messages yet. Start the conversation!')).toBeVisible();

  await context.setOffline(true);
  await expect(page.getByText(/You're offline/)).toBeVisible({ timeout: 15_000 });
  const input = atWriter.getByPlaceholder('Type a message...');
  await input.fill('written on the train');
  await input.press('Enter');
  await expect(atWriter.getByRole('log').getByText('written on the train')).toBeVisible();
  await expect(atWriter.getByRole('img', { name: 'Sending' })).toBeVisible();
  await expect(input).toHaveValue('');

  // Back online, but the server still out of reach: then a reload, which must keep the message.
  await page.route('**/api/v1/chats/send', (route) => route.abort('internetdisconnected'));
  await context.setOffline(false);
  await page.reload();
  await expect(atWriter.getByRole('log').getByText('written on the train')).toBeVisible();
  await expect(atWriter.getByRole('img', { name: 'Sending' })).toBeVisible();
  await page.screenshot({ path: path.join(ARTIFACTS, 'chat-outbox-waiting-light-1280.png') });
  await expect(atReader.getByRole('log').getByText('written on the train')).toHaveCount(0);

  await page.unroute('**/api/v1/chats/send');
  await expect(atReader.getByRole('log').getByText('written on the train')).toBeVisible({ timeout: 20_000 });
  await expect(atWriter.getByRole('img', { name: 'Sending' })).toHaveCount(0, { timeout: 20_000 });
  // Once: at the receiver, and in the sender's own history after another reload.
  await R.page.waitForTimeout(1500);
  await expect(atReader.getByRole('log').getByText('written on the train')).toHaveCount(1);
  await page.reload();
  await expect(atWriter.getByRole('log').getByText('written on the train')).toHaveCount(1);
  await context.close();
  await R.context.close();
});

test('a message the server refuses stays, marked not sent, with Retry', async ({ browser, request }) => {
  const writer = await createAccount(request, 'Wanda Refused');
  const reader = await createAccount(request, 'Ray Refused');
  await befriend(request, writer, reader);
  const { page, context } = await newSignedInContext(browser, writer);
  await page.goto(`/chat/${reader.userName}`);
  const atWriter = conversationWith(page, reader);
  await expect(atWriter.getByText('No messages yet. Start the conversation!')).toBeVisible();

  let refuse = true;
  await page.route('**/api/v1/chats/send', (route) =>
    refuse
      ? route.fulfill({ status: 400, json: { success: false, error: 'Bad Request', message: 'This message cannot be sent.' } })
      : route.fallback(),
  );
  await atWriter.getByPlaceholder('Type a message...').fill('please arrive');
  await atWriter.getByPlaceholder('Type a message...').press('Enter');
  await expect(atWriter.getByRole('alert')).toContainText('Not sent: This message cannot be sent.');
  await expect(atWriter.getByRole('log').getByText('please arrive')).toBeVisible();

  refuse = false;
  await atWriter.getByRole('button', { name: 'Retry' }).click();
  await expect(atWriter.getByRole('alert')).toHaveCount(0);
  await expect(atWriter.getByRole('img', { name: 'Sent' })).toBeVisible();
  await context.close();
});

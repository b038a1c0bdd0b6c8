/**
 * Link previews in a real browser: a post with a link gets its page's card, and a card removed in the composer
 * is never made. The linked page is a small site this spec serves itself on 127.0.0.1 (the e2e server allows
 * private addresses and reads only loopback hosts: playwright.config.ts).
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { befriend, createAccount, newSignedInContext, screenshotMatrix, waitForLiveSocket, type Account } from './helpers';

const IMAGE = readFileSync(path.resolve(import.meta.dirname, '../fixtures/post.png'));

const page = (title: string) => `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title>
<meta property="og:title" content="${title}">
<meta property="og:description" content="Boats, a pier and the morning light over the water.">
<meta property="og:image" content="/cover.png">
<meta property="og:site_name" content="Harbour Notes">
</head><body><p>${title}</p></body></html>`;

let site: Server;
let origin = '';

test.beforeAll(async () => {
  site = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://site');
    if (url.pathname === '/cover.png') {
      res.writeHead(200, { 'content-type': 'image/png' });
      res.end(IMAGE);
    } else {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(page(url.pathname === '/kept' ? 'The harbour at dawn' : 'A page nobody wants a card of'));
    }
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});

test.afterAll(() => new Promise<void>((resolve) => site.close(() => resolve())));

/** Serious and critical WCAG 2.x A/AA findings of axe on the page as it is now (as a11y.spec.ts checks every screen). */
async function axeFindings(shown: Page, where: string): Promise<string[]> {
  const result = await new AxeBuilder({ page: shown }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${where}: ${v.id} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const composerOf = (p: Page) => p.getByRole('form', { name: 'Create a post' });
const postWith = (p: Page, text: string) => p.getByRole('region', { name: 'Feed' }).getByRole('article').filter({ hasText: text });

test('a posted link shows its card; a card removed in the composer is never made', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const author = await createAccount(request, 'Lena Harbour');
  const { context, page: p } = await newSignedInContext(browser, author);
  await waitForLiveSocket(p);
  const composer = composerOf(p);

  // The composer shows the card the link will get, then the post shows it.
  const kept = `Morning walk by the water ${origin}/kept`;
  await composer.getByLabel("What's on your mind?").fill(kept);
  const composerCard = composer.getByRole('link', { name: /Harbour Notes The harbour at dawn.*opens in a new tab/ });
  await expect(composerCard).toBeVisible();
  await expect(composerCard.locator('img')).toHaveAttribute('src', /^\/media\/link-previews\//);
  await composer.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(composer.getByLabel("What's on your mind?")).toHaveValue('');
  const card = postWith(p, 'Morning walk by the water').getByRole('link', { name: /The harbour at dawn/ });
  await expect(card).toBeVisible();
  await expect(card).toHaveAttribute('href', `${origin}/kept`);
  await expect(card).toHaveAttribute('target', '_blank');
  await expect(card).toHaveAttribute('rel', 'noopener noreferrer nofollow ugc');
  await expect(card.locator('img')).toHaveJSProperty('complete', true);
  expect(await card.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  // Removed before posting: the post goes out without one, and none comes later.
  const removed = `Just the link please ${origin}/removed`;
  await composer.getByLabel("What's on your mind?").fill(removed);
  await expect(composer.getByTestId('link-preview')).toBeVisible();
  await composer.getByRole('button', { name: 'Remove link preview' }).click();
  await expect(composer.getByTestId('link-preview')).toHaveCount(0);
  await composer.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(composer.getByLabel("What's on your mind?")).toHaveValue('');
  const plain = postWith(p, 'Just the link please');
  await expect(plain).toBeVisible();
  await p.waitForTimeout(2000);
  await expect(plain.getByTestId('link-preview')).toHaveCount(0);
  await p.reload();
  await expect(postWith(p, 'Just the link please')).toBeVisible();
  await expect(postWith(p, 'Just the link please').getByTestId('link-preview')).toHaveCount(0);
  await expect(postWith(p, 'Morning walk by the water').getByTestId('link-preview')).toBeVisible();

  const findings: string[] = [];
  await screenshotMatrix(p, 'link-preview-post', async (shown) => {
    await expect(postWith(shown, 'Morning walk by the water').getByTestId('link-preview')).toBeVisible();
    await postWith(shown, 'Morning walk by the water').scrollIntoViewIfNeeded();
    findings.push(...(await axeFindings(shown, `post ${shown.viewportSize()?.width}`)));
  });
  expect(findings).toEqual([]);
  await context.close();
});

const bearer = (who: Account) => ({ Authorization: `Bearer ${who.accessToken}` });

test("a chat message's link shows its card in the bubble; the composers show theirs before sending", async ({ browser, request }) => {
  test.setTimeout(180_000);
  const me = await createAccount(request, 'Iris Boats');
  const friend = await createAccount(request, 'Jonas Pier');
  await befriend(request, me, friend);
  const sent = await request.post('/api/v1/chats/send', {
    headers: bearer(friend),
    data: {
      messageSenderUsername: friend.userName,
      messageReceiverUsername: me.userName,
      messageContent: `Have you read this? ${origin}/kept`,
    },
  });
  expect(sent.status()).toBe(201);
  const { context, page: p } = await newSignedInContext(browser, me);

  const openChat = async (shown: Page) => {
    if (!shown.url().endsWith('/chat')) await shown.goto('/chat');
    await shown.getByRole('button', { name: /Jonas Pier/ }).click();
    const conversation = shown.getByRole('region', { name: 'Conversation with Jonas Pier' });
    await expect(conversation.getByRole('link', { name: /The harbour at dawn/ })).toBeVisible();
    return conversation;
  };
  const conversation = await openChat(p);
  await expect(conversation.getByRole('link', { name: /The harbour at dawn/ })).toHaveAttribute('rel', 'noopener noreferrer nofollow ugc');
  const findings: string[] = [];
  await screenshotMatrix(p, 'link-preview-chat', async (shown) => {
    const opened = await openChat(shown);
    await opened.getByLabel('Type a message...').fill(`Yes! And this one ${origin}/kept`);
    await expect(opened.getByRole('button', { name: 'Remove link preview' })).toBeVisible();
    findings.push(...(await axeFindings(shown, `chat ${shown.viewportSize()?.width}`)));
  });

  await screenshotMatrix(p, 'link-preview-composer', async (shown) => {
    if (!shown.url().endsWith('/feeds')) await shown.goto('/feeds');
    const composer = composerOf(shown);
    await composer.getByLabel("What's on your mind?").fill(`Worth a look ${origin}/kept`);
    await expect(composer.getByRole('button', { name: 'Remove link preview' })).toBeVisible();
    findings.push(...(await axeFindings(shown, `composer ${shown.viewportSize()?.width}`)));
  });
  expect(findings).toEqual([]);
  await context.close();
});

/**
 * WCAG 2.1 A/AA (and 2.2's target size) with axe-core on every screen, light and dark, desktop (1280) and
 * phone (390): any serious or critical violation fails, as does a screen without exactly one `<h1>` and one
 * main landmark. Dialogs and menus keep keyboard focus inside while open and give it back to their opener. Each screen is brought into the state named (comments open, a
 * conversation open, …) after the theme's reload, so the check sees what a person would.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { ARTIFACTS, befriend, createAccount, loginViaUi, newSignedInContext, screenshotMatrix, type Account } from './helpers';
import { ownServer } from './own-server';
import { grantModerator } from './safety-helpers';

/**
 * WCAG 2.x A/AA, and axe's experimental rules too: label-content-name-mismatch (a control's name must
 * contain the text it shows, WCAG 2.5.3) is one of them.
 */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'experimental'];

const POST_IMAGE = path.resolve(import.meta.dirname, '../fixtures/post.png');
const STORY_IMAGE = path.resolve(import.meta.dirname, '../fixtures/story.png');
const auth = (a: Account) => ({ authorization: `Bearer ${a.accessToken}` });

interface Screen {
  name: string;
  url: string | (() => string);
  /** Brings the loaded page into the state to check; resolves when it is there. */
  ready: (page: Page) => Promise<unknown>;
}

interface Finding {
  screen: string;
  rule: string;
  impact: string;
  targets: string[];
  summary: string;
}

async function audit(page: Page, screens: Screen[], findings: Finding[]) {
  for (const screen of screens) {
    for (const theme of ['light', 'dark'] as const) {
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: width < 768 ? 844 : 860 });
        await page.evaluate((t) => localStorage.setItem('theme', t), theme);
        await page.goto(typeof screen.url === 'string' ? screen.url : screen.url());
        await screen.ready(page);
        // Let transitions (menus, dialogs, fades) finish before colours are measured.
        await page.waitForTimeout(400);
        const result = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
        const label = `${screen.name} ${theme} ${width}`;
        // One page title and one main region on every screen (in the page, even while a dialog hides it from the accessibility tree).
        const structure = { h1: await page.locator('h1').count(), main: await page.locator('main, [role="main"]').count() };
        if (structure.h1 !== 1 || structure.main !== 1)
          findings.push({ screen: label, rule: 'one-h1-one-main', impact: 'serious', targets: [], summary: JSON.stringify(structure) });
        const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
        if (bad.length > 0) await page.screenshot({ path: path.join(ARTIFACTS, `a11y-${screen.name}-${theme}-${width}.png`) });
        for (const v of bad)
          findings.push({
            screen: label,
            rule: v.id,
            impact: v.impact ?? '',
            targets: v.nodes.slice(0, 6).map((n) => n.target.join(' ')),
            summary: v.nodes[0]?.failureSummary?.split('\n').slice(0, 3).join(' ') ?? '',
          });
      }
    }
  }
}

function report(findings: Finding[]) {
  for (const f of findings) console.log(`[${f.impact}] ${f.screen}: ${f.rule} — ${f.targets.join(' | ')}\n    ${f.summary}`);
  expect(findings.map((f) => `${f.screen}: ${f.rule}`)).toEqual([]);
}

const publicScreens: Screen[] = [
  { name: 'login', url: '/auth/login', ready: (p) => p.getByRole('button', { name: 'Log in' }).waitFor() },
  { name: 'signup', url: '/auth/signup', ready: (p) => p.getByRole('button', { name: 'Create account' }).waitFor() },
  { name: 'not-found', url: '/no-such-page', ready: (p) => p.getByRole('heading', { level: 1 }).waitFor() },
  {
    name: 'forgot-password',
    url: '/auth/forgot-password',
    ready: (p) => p.getByRole('heading', { name: 'Forgot your password?' }).waitFor(),
  },
  { name: 'reset-password-incomplete', url: '/auth/reset-password', ready: (p) => p.getByRole('heading', { level: 1 }).waitFor() },
];

for (const screen of publicScreens) {
  test(`${screen.name}: no serious or critical axe violation`, async ({ page }) => {
    const findings: Finding[] = [];
    await page.goto('/auth/login');
    await audit(page, [screen], findings);
    report(findings);
  });
}

test.describe('signed in', () => {
  test.describe.configure({ timeout: 120_000 });
  let ava: Account;
  let ben: Account;
  let context: BrowserContext;
  let page: Page;

  test.beforeAll(async ({ browser, request }) => {
    ava = await createAccount(request, 'Ava Access');
    ben = await createAccount(request, 'Ben Access');
    await befriend(request, ava, ben);
    // Ben: a story, a post with a photo that Ava comments on, saves and reacts to, and a conversation.
    const story = await request.post('/api/v1/users/u/stories/create', {
      headers: auth(ben),
      multipart: { media: { name: 'story.png', mimeType: 'image/png', buffer: readFileSync(STORY_IMAGE) }, caption: 'Evening light' },
    });
    expect(story.ok()).toBe(true);
    const posted = await request.post('/api/v1/posts', {
      headers: auth(ben),
      multipart: {
        content: 'A photo from the market',
        images: { name: 'post.png', mimeType: 'image/png', buffer: readFileSync(POST_IMAGE) },
      },
    });
    expect(posted.ok()).toBe(true);
    const postId = ((await posted.json()) as { post: { _id: string } }).post._id;
    await request.post(`/api/v1/comments/posts/${postId}/comments`, { headers: auth(ava), data: { commentContent: 'Lovely colours!' } });
    await request.put(`/api/v1/posts/react/${postId}`, { headers: auth(ava), data: { reactionType: 'heart' } });
    await request.put(`/api/v1/posts/${postId}/favorite`, { headers: auth(ava) });
    for (const [from, to, text] of [
      [ben, ava, 'See you at the plaza?'],
      [ava, ben, 'Yes, at six!'],
    ] as const)
      await request.post('/api/v1/chats/send', {
        headers: auth(from),
        data: { messageSenderUsername: from.userName, messageReceiverUsername: to.userName, messageContent: text },
      });
    context = await browser.newContext();
    page = await context.newPage();
    await loginViaUi(page, ava);
  });

  test.afterAll(async () => {
    await context.close();
  });

  // `first()`: suggested posts from earlier runs' accounts may show the same text.
  const post = (p: Page) => p.getByRole('article').filter({ hasText: 'A photo from the market' }).first();
  const screens: Screen[] = [
    {
      name: 'feed',
      url: '/feeds',
      ready: async (p) => {
        await post(p)
          .getByRole('button', { name: /^\d+ comments?$/ })
          .click();
        await post(p).getByText('Lovely colours!').waitFor();
        await p
          .getByRole('region', { name: 'Stories' })
          .getByRole('button', { name: /^Stories of Ben/ })
          .waitFor();
      },
    },
    {
      name: 'notifications',
      url: '/feeds',
      ready: async (p) => {
        await p.getByRole('button', { name: /^Notifications/ }).click();
        await p.getByRole('heading', { name: 'Notifications' }).waitFor();
      },
    },
    {
      name: 'story-viewer',
      url: '/feeds',
      ready: async (p) => {
        await p
          .getByRole('region', { name: 'Stories' })
          .getByRole('button', { name: /^Stories of Ben/ })
          .click();
        await p.getByRole('heading', { name: /^Stories of/ }).waitFor();
      },
    },
    { name: 'network', url: '/network', ready: (p) => p.getByRole('heading', { level: 1 }).waitFor() },
    {
      name: 'profile',
      url: () => `/network/u/profile/${ava.userName}/visited/${ben.userName}`,
      ready: (p) => p.getByText('A photo from the market').first().waitFor(),
    },
    { name: 'settings-account', url: '/settings/account', ready: (p) => p.getByRole('heading', { name: 'Change password' }).waitFor() },
    { name: 'settings-profile', url: '/settings/profile', ready: (p) => p.getByLabel('Full name').waitFor() },
    {
      // The success toast, coloured as sonner colours it, over the page that raised it.
      name: 'toast',
      url: '/settings/profile',
      ready: async (p) => {
        await p.getByLabel('Bio').fill(`Checked at ${Date.now()}`);
        await p.getByRole('button', { name: 'Save changes' }).click();
        await p.getByText('Profile saved').waitFor();
      },
    },
    { name: 'settings-blocked', url: '/settings/blocked', ready: (p) => p.getByRole('heading', { name: 'Blocked people' }).waitFor() },
    {
      name: 'settings-data',
      url: '/settings/data',
      ready: (p) =>
        p
          .getByRole('heading', { name: /Download your data|Export/ })
          .first()
          .waitFor(),
    },
    { name: 'favorites', url: '/favorites', ready: (p) => p.getByText('A photo from the market').waitFor() },
    {
      name: 'chat',
      url: '/chat',
      ready: async (p) => {
        await p.getByPlaceholder('Search conversations...').fill(ben.userName);
        await p
          .getByRole('button', { name: /Ben Access/ })
          .first()
          .click();
        await p.getByRole('log').getByText('Yes, at six!').waitFor();
      },
    },
  ];

  for (const screen of screens) {
    test(`${screen.name}: no serious or critical axe violation`, async () => {
      const findings: Finding[] = [];
      await audit(page, [screen], findings);
      report(findings);
    });
  }

  /** Tab stays inside `layer` while it is open; Escape closes it and focus is back on `opener`. */
  async function expectFocusKeptThenReturned(p: Page, opener: ReturnType<Page['locator']>, layer: ReturnType<Page['locator']>) {
    await opener.click();
    // Attached rather than visible: a dialog element may have no box of its own (its panel is fixed).
    await expect(layer).toHaveCount(1);
    for (let i = 0; i < 6; i++) {
      await p.keyboard.press('Tab');
      expect(await layer.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    await p.keyboard.press('Escape');
    await expect(layer).toHaveCount(0);
    await expect(opener).toBeFocused();
  }

  test('the photo viewer, the story viewer and a post menu keep focus while open and return it to what opened them', async () => {
    await page.setViewportSize({ width: 1280, height: 860 });
    await page.goto('/feeds');
    await expectFocusKeptThenReturned(page, post(page).getByRole('button', { name: 'Open image 1 of 1' }), page.getByRole('dialog'));
    await expectFocusKeptThenReturned(
      page,
      page.getByRole('region', { name: 'Stories' }).getByRole('button', { name: /^Stories of Ben/ }),
      page.getByRole('dialog'),
    );
    const menuButton = post(page).getByRole('button', { name: 'Post options' });
    await menuButton.click();
    await expect(page.getByRole('menu')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toBeHidden();
    await expect(menuButton).toBeFocused();
  });

  test('screenshots of the screens this work touched: feed with a photo and comments, notifications, chat, settings', async () => {
    test.setTimeout(240_000);
    await page.goto('/feeds');
    await screenshotMatrix(page, 'a11y-feed', async (p) => {
      await post(p)
        .getByRole('button', { name: /^\d+ comments?$/ })
        .click();
      await post(p).getByText('Lovely colours!').waitFor();
    });
    await screenshotMatrix(page, 'a11y-notifications', async (p) => {
      await p.getByRole('button', { name: /^Notifications/ }).click();
      await p.getByRole('heading', { name: 'Notifications' }).waitFor();
    });
    await page.goto('/chat');
    await screenshotMatrix(page, 'a11y-chat', async (p) => {
      // The open conversation is in the address: start each width from the list.
      await p.goto('/chat');
      await p.getByPlaceholder('Search conversations...').fill(ben.userName);
      await p
        .getByRole('button', { name: /Ben Access/ })
        .first()
        .click();
      await p.getByRole('log').getByText('Yes, at six!').waitFor();
    });
    await page.goto('/settings/profile');
    await screenshotMatrix(page, 'a11y-settings', (p) => p.getByLabel('Full name').waitFor());
    await page.goto('/favorites');
    await screenshotMatrix(page, 'a11y-favorites', (p) => p.getByText('A photo from the market').waitFor());
  });
});

test('admin (the moderation queue, with a report): no serious or critical axe violation', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const author = await createAccount(request, 'Axel Author');
  const reporter = await createAccount(request, 'Rae Reporter');
  const moderator = await createAccount(request, 'Moe Moderator');
  grantModerator(moderator);
  const posted = await request.post('/api/v1/posts', { headers: auth(author), multipart: { content: 'A post for the moderation queue' } });
  expect(posted.ok()).toBe(true);
  const postId = ((await posted.json()) as { post: { _id: string } }).post._id;
  const reported = await request.post('/api/v1/reports', {
    headers: auth(reporter),
    data: { targetType: 'post', targetId: postId, reason: 'spam', text: 'Advertising in every post' },
  });
  expect(reported.status()).toBe(201);

  const { context, page } = await newSignedInContext(browser, moderator);
  const findings: Finding[] = [];
  await audit(
    page,
    [
      {
        name: 'admin',
        url: '/admin',
        ready: (p) => p.getByRole('article', { name: 'Report of a post' }).filter({ hasText: 'A post for the moderation queue' }).waitFor(),
      },
    ],
    findings,
  );
  await context.close();
  report(findings);
});

test('the seeded demo feed (npm run seed), chat and settings: no serious or critical axe violation', async ({ browser }) => {
  test.setTimeout(600_000);
  // A server of its own: the seed's fifty people and their posts must not show in the other specs' feeds.
  const server = ownServer({ portOffset: 7 });
  const root = path.resolve(import.meta.dirname, '../..');
  try {
    execFileSync(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/seed/main.ts')], {
      cwd: root,
      env: { ...process.env, DATA_DIR: server.dataDir, LOG_LEVEL: 'silent' },
      stdio: 'pipe',
      timeout: 240_000,
    });
    await server.start();
    const context = await browser.newContext({ baseURL: server.url });
    const page = await context.newPage();
    await loginViaUi(page, { userName: 'demo', password: 'plaza-demo-2026' });
    const findings: Finding[] = [];
    await audit(
      page,
      [
        { name: 'seeded-feed', url: '/feeds', ready: (p) => p.getByRole('article').first().waitFor() },
        {
          name: 'seeded-chat',
          url: '/chat',
          ready: async (p) => {
            // A conversation with messages (the list shows people without one as well).
            await p.getByRole('list', { name: 'People' }).getByRole('button').filter({ hasText: 'You:' }).first().click();
            await p.getByRole('log').getByRole('listitem').first().waitFor();
          },
        },
        { name: 'seeded-settings', url: '/settings/profile', ready: (p) => p.getByLabel('Full name').waitFor() },
      ],
      findings,
    );
    await context.close();
    report(findings);
  } finally {
    await server.stop();
    server.cleanup();
  }
});

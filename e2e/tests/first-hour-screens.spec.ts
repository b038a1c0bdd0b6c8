/**
 * What a new member trips over in their first hour, seen as they see it: a wrong file refused at once,
 * errors in plain words, the offline banner beside the chat header, avatars, tap targets on a phone and
 * the chat on a phone.
 */
import { expect, test, type Page } from '@playwright/test';
import { befriend, createAccount, newSignedInContext, type Account } from './helpers';

const auth = (a: Account) => ({ authorization: `Bearer ${a.accessToken}` });

/**
 * The interactive elements in view smaller than 44×44 px that are not spaced as WCAG 2.5.8 allows (with
 * 44 for its 24): a 44 px circle on the small one's centre touches another target, or another small one's
 * circle. Links inside a sentence are exempt, as 2.5.8 has it.
 */
function crampedTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const MIN = 44;
    const selector =
      'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="link"], [role="tab"], [role="switch"], [role="checkbox"], [role="menuitem"], [tabindex]:not([tabindex="-1"])';
    const inSentence = (el: Element) =>
      /^(A|BUTTON)$/.test(el.tagName) &&
      el.parentElement?.tagName === 'P' &&
      (el.parentElement.textContent ?? '').trim() !== (el.textContent ?? '').trim();
    // Visually hidden until focused (a skip link): no target for a finger.
    const clipped = (style: CSSStyleDeclaration) => style.clip === 'rect(0px, 0px, 0px, 0px)' || style.clipPath === 'inset(50%)';
    const targets = [...document.querySelectorAll<HTMLElement>(selector)]
      .map((el) => ({ el, r: el.getBoundingClientRect() }))
      .filter(({ el, r }) => {
        if (r.width <= 1 || r.height <= 1) return false;
        if (r.bottom <= 0 || r.top >= innerHeight || r.right <= 0 || r.left >= innerWidth) return false;
        const style = getComputedStyle(el);
        if (style.visibility === 'hidden' || style.pointerEvents === 'none' || clipped(style)) return false;
        // Behind an open dialog: not reachable.
        if (el.closest('[inert]')) return false;
        // Under the tab bar or a fixed header at this scroll position: not a target just now.
        const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        if (!hit || !(el === hit || el.contains(hit) || hit.contains(el))) return false;
        return !inSentence(el);
      });
    const small = (r: DOMRect) => r.width < MIN - 0.5 || r.height < MIN - 0.5;
    const centre = (r: DOMRect) => ({ x: r.left + r.width / 2, y: r.top + r.height / 2 });
    const distanceToBox = (p: { x: number; y: number }, r: DOMRect) =>
      Math.hypot(Math.max(r.left - p.x, 0, p.x - r.right), Math.max(r.top - p.y, 0, p.y - r.bottom));
    const name = (el: HTMLElement) =>
      `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}"`;
    const found: string[] = [];
    for (const { el, r } of targets) {
      if (!small(r)) continue;
      const c = centre(r);
      const clash = targets.find(({ el: other, r: o }) => {
        if (other === el || other.contains(el) || el.contains(other)) return false;
        if (distanceToBox(c, o) < MIN / 2) return true;
        if (!small(o)) return false;
        const oc = centre(o);
        return Math.hypot(c.x - oc.x, c.y - oc.y) < MIN;
      });
      if (clash) found.push(`${name(el)} ${Math.round(r.width)}×${Math.round(r.height)} beside ${name(clash.el)}`);
    }
    return [...new Set(found)];
  });
}

test('a text file named .png is refused when it is picked, with no broken preview', async ({ browser, request }) => {
  const me = await createAccount(request, 'Pia Picker');
  const { context, page } = await newSignedInContext(browser, me);
  await page.getByLabel('Choose images').setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('just some text') });
  await expect(page.getByRole('alert')).toHaveText('notes.png is not a JPEG, PNG, WebP or GIF image.');
  await expect(page.getByRole('list', { name: 'Chosen images' })).toHaveCount(0);
  await context.close();
});

test('a refused post says why in plain words, without the HTTP status phrase', async ({ browser, request }) => {
  const me = await createAccount(request, 'Tom Toofast');
  const { context, page } = await newSignedInContext(browser, me);
  await page.route('**/api/v1/posts', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
          status: 429,
          contentType: 'application/json',
          headers: { 'retry-after': '60' },
          body: JSON.stringify({
            success: false,
            error: 'Too Many Requests',
            message: 'Until you confirm your email address you can publish 3 posts a day.',
          }),
        })
      : route.fallback(),
  );
  await page.getByPlaceholder(/What's on your mind/).fill('One more');
  await page.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('Until you confirm your email address you can publish 3 posts a day.');
  await expect(page.getByText(/Too Many Requests/)).toHaveCount(0);
  await context.close();
});

test('an avatar shows a picture or an initial, never both, and keeps its colour when its owner renames', async ({ browser, request }) => {
  const me = await createAccount(request, 'Ria Rename');
  const { context, page } = await newSignedInContext(browser, me);
  const composerAvatar = page.locator('form').getByRole('img', { name: 'Ria Rename' });
  await expect(composerAvatar).toHaveText('R');
  const colour = await composerAvatar.evaluate((el) => getComputedStyle(el).backgroundColor);
  await page.goto('/settings/profile');
  await page.getByLabel('Full name').fill('Zed Zimmer');
  await page.getByRole('button', { name: /^Save/ }).click();
  await expect(page.getByText('Profile saved')).toBeVisible();
  await page.goto('/feeds');
  const after = page.locator('form').getByRole('img', { name: 'Zed Zimmer' });
  await expect(after).toHaveText('Z');
  expect(await after.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(colour);
  await context.close();
});

test('every tap target on a phone is 44×44 px or spaced as WCAG 2.5.8 allows: feed, chat, settings, login', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const me = await createAccount(request, 'Tia Tapper');
  const friend = await createAccount(request, 'Fred Friend');
  await befriend(request, me, friend);
  const posted = await request.post('/api/v1/posts', { headers: auth(friend), multipart: { content: 'A post to tap around' } });
  const postId = ((await posted.json()) as { post: { _id: string } }).post._id;
  await request.post(`/api/v1/comments/posts/${postId}/comments`, { headers: auth(me), data: { commentContent: 'Tapped!' } });
  await request.post('/api/v1/chats/send', {
    headers: auth(friend),
    data: { messageSenderUsername: friend.userName, messageReceiverUsername: me.userName, messageContent: 'Can you report me?' },
  });
  const { context, page } = await newSignedInContext(browser, me, { width: 390 });
  await page.setViewportSize({ width: 390, height: 844 });
  const found: string[] = [];
  const check = async (screen: string) => found.push(...(await crampedTargets(page)).map((f) => `${screen}: ${f}`));

  await page.goto('/feeds');
  const post = page.getByRole('article').filter({ hasText: 'A post to tap around' });
  await post.scrollIntoViewIfNeeded();
  await check('feed');
  await post.getByRole('button', { name: /^1 comment$/ }).click();
  await post.getByText('Tapped!').evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await check('feed with comments');

  await page.goto('/chat');
  await check('chat list');
  await page
    .getByRole('button', { name: /Fred Friend/ })
    .first()
    .click();
  await page.getByRole('log').getByText('Can you report me?').waitFor();
  await check('conversation');

  for (const path of ['/settings/account', '/settings/profile']) {
    await page.goto(path);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await check(path);
  }
  await context.close();

  const guest = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await guest.goto('/auth/login');
  await guest.getByLabel('Password', { exact: true }).waitFor();
  found.push(...(await crampedTargets(guest)).map((f) => `login: ${f}`));
  await guest.close();
  expect(found).toEqual([]);
});

test('the Groups chip is a working filter: with no groups yet it says so and offers to start one', async ({ browser, request }) => {
  const me = await createAccount(request, 'Gus Groups');
  const { context, page } = await newSignedInContext(browser, me, { width: 390 });
  await page.goto('/chat');
  const groups = page.getByRole('button', { name: 'Groups' });
  await expect(groups).toBeEnabled();
  await groups.click();
  await expect(groups).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText('No groups yet')).toBeVisible();
  await expect(page.getByText('Talk with several friends at once: start a group.')).toBeVisible();
  await context.close();
});

test("offline, the chat says so in its own line and the contact's name stays in view; on a phone the chat fills the screen", async ({
  browser,
  request,
}) => {
  const me = await createAccount(request, 'Olu Offline');
  const friend = await createAccount(request, 'Nia Namevisible');
  await befriend(request, me, friend);
  await request.post('/api/v1/chats/send', {
    headers: auth(friend),
    data: { messageSenderUsername: friend.userName, messageReceiverUsername: me.userName, messageContent: 'Still there?' },
  });
  const { context, page } = await newSignedInContext(browser, me, { width: 390 });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/chat');
  await page
    .getByRole('button', { name: /Nia Namevisible/ })
    .first()
    .click();
  await page.getByRole('log').getByText('Still there?').waitFor();

  // The chat spans the screen from under the navbar to the tab bar, edge to edge.
  const chat = page.locator('h1', { hasText: 'Chat' }).locator('..');
  const tabBar = page.getByRole('navigation', { name: 'Main navigation' });
  const [box, bar] = [await chat.boundingBox(), await tabBar.boundingBox()];
  expect(box && bar).toBeTruthy();
  expect(box?.x).toBe(0);
  expect(box?.width).toBe(390);
  expect(box?.y).toBe(64);
  expect(Math.abs((box?.y ?? 0) + (box?.height ?? 0) - (bar?.y ?? 0))).toBeLessThanOrEqual(1);

  await context.setOffline(true);
  await expect(page.getByText("You're offline.", { exact: false })).toBeVisible();
  const name = page.getByRole('heading', { level: 2, name: 'Nia Namevisible' });
  const covered = await name.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return !hit || !(el === hit || el.contains(hit));
  });
  expect(covered).toBe(false);
  await context.setOffline(false);

  // On a desktop the whole chat fits the screen, composer included, even for an account still to confirm its address.
  await page.setViewportSize({ width: 1280, height: 800 });
  const composer = page.getByPlaceholder('Type a message...');
  await expect(composer).toBeVisible();
  const field = await composer.boundingBox();
  expect((field?.y ?? 0) + (field?.height ?? 0)).toBeLessThanOrEqual(800);
  await context.close();
});

test('Favorites is headed as the navigation names it', async ({ browser, request }) => {
  const me = await createAccount(request, 'Fay Favorites');
  const { context, page } = await newSignedInContext(browser, me);
  await page.goto('/favorites');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Favorites');
  await context.close();
});

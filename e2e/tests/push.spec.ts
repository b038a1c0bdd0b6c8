/**
 * Push notifications in a real browser: turning push on in Settings → Notifications (the permission is granted
 * through the browser context), a push delivered to the service worker through CDP, the notification it shows,
 * and a tap that opens the conversation.
 *
 * A test browser has no push service of its own (`pushManager.subscribe` would ask Google's), so the page's
 * PushManager answers a made-up subscription: what is tested is the app's flow and the service worker; the
 * server's side (encryption, VAPID, delivery) is tested against a local push service in apps/server.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { createAccount, loginViaUi, screenshotMatrix } from './helpers';

async function axeFindings(shown: Page, where: string): Promise<string[]> {
  const result = await new AxeBuilder({ page: shown }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${where}: ${v.id} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Stands in for the browser's push service: a subscription with well-formed keys, kept for the page's life. */
/** What the specs touch of a service worker's global scope (the DOM types have no worker scope). */
interface WorkerScope {
  registration: { getNotifications(): Promise<Array<{ title: string; body: string; tag: string; data: unknown }>> };
  dispatchEvent(event: Event): boolean;
  NotificationEvent: new (type: string, init: { notification: unknown }) => Event;
}

function fakePushManager() {
  const b64url = (bytes: Uint8Array) =>
    btoa(String.fromCharCode(...bytes))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
  const point = new Uint8Array(65).map((_, i) => (i === 0 ? 4 : (i * 7) % 256));
  let current: PushSubscription | null = null;
  PushManager.prototype.getSubscription = async () => current;
  PushManager.prototype.subscribe = async () => {
    const endpoint = 'http://127.0.0.1:9/push/e2e-device';
    const keys = { p256dh: b64url(point), auth: b64url(new Uint8Array(16).fill(9)) };
    current = {
      endpoint,
      toJSON: () => ({ endpoint, keys }),
      unsubscribe: async () => {
        current = null;
        return true;
      },
    } as unknown as PushSubscription;
    return current;
  };
}

test('turning push on asks nothing on load, subscribes once asked, and a push opens the conversation', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const ana = await createAccount(request, 'Ana Lima');
  const bea = await createAccount(request, 'Bea Costa');
  const context = await browser.newContext({ serviceWorkers: 'allow', viewport: { width: 1280, height: 860 } });
  await context.addInitScript(fakePushManager);
  const page = await context.newPage();
  const asked: string[] = [];
  // Nothing asks for the permission before the switch is turned on (the browser would prompt; here it is counted).
  await page.exposeFunction('__permissionAsked', (why: string) => asked.push(why));
  await context.addInitScript(() => {
    const original = Notification.requestPermission.bind(Notification);
    Notification.requestPermission = async () => {
      await (window as unknown as { __permissionAsked(w: string): Promise<void> }).__permissionAsked('requestPermission');
      return original();
    };
  });
  await context.grantPermissions(['notifications']);

  await loginViaUi(page, bea);
  await page.goto('/settings/notifications');
  await page.evaluate(async () => navigator.serviceWorker.ready);
  const push = page.getByRole('region', { name: 'Push on this device' });
  const toggle = push.getByRole('switch');
  await expect(toggle).not.toBeChecked();
  expect(asked).toEqual([]);

  const subscribed = page.waitForResponse((r) => r.url().endsWith('/api/v1/push/subscriptions') && r.request().method() === 'POST');
  await toggle.click();
  expect((await subscribed).status()).toBe(201);
  await expect(toggle).toBeChecked();
  expect(asked).toEqual(['requestPermission']);

  // Per-kind switches save at once and stay after a reload.
  const reactionsPush = page.getByRole('checkbox', { name: 'Reactions: Push' });
  const saved = page.waitForResponse((r) => r.url().endsWith('/notification-preferences') && r.request().method() === 'PUT');
  await reactionsPush.click();
  expect((await saved).status()).toBe(200);
  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'Reactions: Push' })).not.toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Messages: Push' })).toBeChecked();

  // The page is controlled by the worker now (it claims its clients): deliver a push to it through CDP.
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  const cdp = await context.newCDPSession(page);
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const mine = registrations.find((r) => !r.isDeleted);
      if (mine) resolve(mine.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  const origin = new URL(page.url()).origin;
  const payload = { type: 'message', title: 'Ana Lima', body: 'Lunch at noon?', url: `/chat/${ana.userName}`, tag: `message:${ana._id}` };
  await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId: await registrationId, data: JSON.stringify(payload) });

  const [worker] = context.serviceWorkers();
  expect(worker).toBeDefined();
  const shown = () =>
    worker.evaluate(async () =>
      (await (self as unknown as WorkerScope).registration.getNotifications()).map((n) => ({
        title: n.title,
        body: n.body,
        tag: n.tag,
        url: (n.data as { url: string }).url,
      })),
    );
  await expect
    .poll(shown)
    .toEqual([{ title: 'Ana Lima', body: 'Lunch at noon?', tag: `message:${ana._id}`, url: `/chat/${ana.userName}` }]);

  // A second push of the same tag replaces the first: one notification that updates.
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin,
    registrationId: await registrationId,
    data: JSON.stringify({ ...payload, body: '2 new messages from Ana Lima' }),
  });
  await expect
    .poll(shown)
    .toEqual([{ title: 'Ana Lima', body: '2 new messages from Ana Lima', tag: `message:${ana._id}`, url: `/chat/${ana.userName}` }]);

  // No test can tap a system notification: the worker's own click handler is run with the shown notification.
  await worker.evaluate(async () => {
    const scope = self as unknown as WorkerScope;
    const [notification] = await scope.registration.getNotifications();
    scope.dispatchEvent(new scope.NotificationEvent('notificationclick', { notification }));
  });
  await expect(page).toHaveURL(new RegExp(`/chat/${ana.userName}$`));
  await expect.poll(shown).toEqual([]);
  await context.close();
});

test('Settings → Notifications looks finished in light and dark, at 390 and 1280 px, and axe finds nothing', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const me = await createAccount(request, 'Nora Quiet');
  const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
  const page = await context.newPage();
  await loginViaUi(page, me);
  await page.goto('/settings/notifications');
  await page.getByRole('checkbox', { name: 'Quiet hours' }).click();
  await expect(page.getByLabel('From')).toHaveValue('22:00');
  const findings: string[] = [];
  await screenshotMatrix(page, 'notification-settings', async (p) => {
    await expect(p.getByRole('heading', { name: 'What you hear about' })).toBeVisible();
    findings.push(...(await axeFindings(p, `settings ${p.viewportSize()?.width}`)));
  });
  expect(findings).toEqual([]);
  // Without service workers (blocked here), the device section explains instead of offering a switch.
  await expect(page.getByRole('region', { name: 'Push on this device' }).getByRole('status')).toContainText('cannot receive push');
  await context.close();
});

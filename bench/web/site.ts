/**
 * What the web benchmarks share: the built server on a fresh database with a reader, a friend and six
 * posts (three with a photo), the reader's sign-in, and a page throttled as Lighthouse's mobile run is
 * (150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up, the CPU 4× slower, no HTTP cache).
 */
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { serverNodeFlags } from '../lib/node-flags';

export { median } from '../lib/median';

/** The 1, 5 and 15 minute load averages, printed beside every figure so a busy minute shows. */
export const loadAverage = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

export const root = path.resolve(import.meta.dirname, '../..');
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Starts apps/server/dist in production mode; `webDist` serves another build of the web app (an A/B's "before"). */
export async function startServer(port: number, dataDir: string, webDist?: string): Promise<ChildProcess> {
  const origin = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [...serverNodeFlags(), path.join(root, 'apps/server/dist/main.js')], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      UNVERIFIED_POSTS_PER_DAY: '100',
      ...(webDist ? { WEB_DIST: webDist } : {}),
    },
    stdio: 'inherit',
  });
  for (let i = 0; i < 100; i++) {
    if (
      await fetch(`${origin}/readyz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return child;
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill();
  throw new Error('The server did not become ready.');
}

async function api<T>(origin: string, url: string, init: RequestInit & { token?: string } = {}): Promise<T> {
  const headers = new Headers(init.headers);
  if (init.token) headers.set('authorization', `Bearer ${init.token}`);
  if (typeof init.body === 'string') headers.set('content-type', 'application/json');
  const res = await fetch(`${origin}/api/v1${url}`, { ...init, headers });
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${url} → ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Two friends; the reader's feed holds posts with photos, as a real one would. */
export async function prepareData(origin: string): Promise<void> {
  const signup = (n: string) =>
    api<{ accessToken: string; user: { _id: string } }>(origin, '/auth/signup', {
      method: 'POST',
      body: JSON.stringify({ userName: n, email: `${n}@example.test`, password: 'bench password 1', fullName: `Bench ${n}` }),
    });
  const reader = await signup('bench_reader');
  const friend = await signup('bench_friend');
  await api(origin, '/users/follow/friend-request/send', {
    method: 'POST',
    token: reader.accessToken,
    body: JSON.stringify({ targetUserId: friend.user._id }),
  });
  await api(origin, '/users/follow/friend-request/accept', {
    method: 'POST',
    token: friend.accessToken,
    body: JSON.stringify({ targetUserId: reader.user._id }),
  });
  const photo = readFileSync(path.join(root, 'e2e/fixtures/post.png'));
  for (let i = 0; i < 6; i++) {
    const form = new FormData();
    form.append('content', `Bench post ${i}: a walk by the river, then coffee with friends.`);
    if (i % 2 === 0) form.append('images', new Blob([photo], { type: 'image/png' }), 'photo.png');
    await api(origin, '/posts', { method: 'POST', token: friend.accessToken, body: form });
  }
}

/** Signs the reader in through the login screen of `context` (which keeps the session in its storage). */
export async function signIn(context: BrowserContext, origin: string): Promise<void> {
  const page = await context.newPage();
  await page.goto(`${origin}/auth/login`);
  await page.getByLabel('User name or email').fill('bench_reader');
  await page.getByLabel('Password', { exact: true }).fill('bench password 1');
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL(/\/feeds$/);
  await page.close();
}

/** A phone's context: 390×844 at 2× density, touch, service worker blocked. */
export const PHONE = {
  serviceWorkers: 'block',
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
} as const;

export async function throttle(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  return cdp;
}

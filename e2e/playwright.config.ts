/**
 * End-to-end tests in Debian's Chromium against the built app served by the real server on a fresh
 * SQLite database. `npm run test:e2e` builds first; E2E_PORT / WEB_DIST let parallel runs stay apart.
 */
import { defineConfig, devices } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { E2E_PORT, E2E_SMTP_PORT } from './mail-port';

const port = E2E_PORT;
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'plaza-e2e-'));
// Workers load this file again: they inherit the one directory, so a spec can reach the server's database (the admin command).
process.env.E2E_DATA_DIR = dataDir;
const root = path.resolve(import.meta.dirname, '..');

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  // One more try for a spec that failed: a real fault fails twice, and the report names every spec that needed
  // the second try as flaky, so a timing-sensitive spec on a busy machine is seen without failing the run.
  retries: 1,
  reporter: [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  use: {
    baseURL: `http://localhost:${port}`,
    trace: 'retain-on-failure',
    // Specs test the app, not its offline cache; pwa.spec.ts allows the service worker where it tests it.
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: `node ${path.join(root, 'apps/server/dist/main.js')}`,
    url: `http://localhost:${port}/readyz`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // Many accounts are created from one address during a run.
      AUTH_RATE_LIMIT: '1000',
      // Specs publish from fresh accounts whose addresses are never verified.
      UNVERIFIED_POSTS_PER_DAY: '1000',
      // Settings for test runs only (apps/server/src/config.ts, testOverrides): sign-ups and posts far faster than people's,
      // and link previews that read only pages on this machine (a spec's own fixture site), never one elsewhere.
      PLAZA_TEST_OVERRIDES: JSON.stringify({ rateLimitScale: 1000, outboundLoopbackOnly: true }),
      ALLOW_PRIVATE_ADDRESSES: 'true',
      WEB_DIST: process.env.WEB_DIST ?? path.join(root, 'apps/web/dist'),
      // Mails go to the SMTP server a spec runs (tests/mailbox.ts); links in them lead back here.
      SMTP_URL: `smtp://127.0.0.1:${E2E_SMTP_PORT}`,
      PUBLIC_URL: `http://localhost:${port}`,
    },
  },
});

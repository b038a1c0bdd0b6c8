/** Starts and stops a Plaza server of a spec's own, beside the one the configuration runs. */
import { expect } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * A server of the spec's own (the configured one cannot be restarted, nor serve another build), on a
 * port of the run's range (E2E_PORT + `portOffset`), with its own data; `webDist` is the web build it serves,
 * `env` settings of its own (a federating server's address).
 */
export function ownServer(options: { portOffset?: number; webDist?: string; env?: Record<string, string> } = {}) {
  const port = Number(process.env.E2E_PORT ?? 3210) + (options.portOffset ?? 5);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'plaza-e2e-restart-'));
  const root = path.resolve(import.meta.dirname, '../..');
  let child: ChildProcess | null = null;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    dataDir,
    async start() {
      child = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
        env: {
          ...process.env,
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          LOG_LEVEL: 'warn',
          AUTH_RATE_LIMIT: '1000',
          WEB_DIST: options.webDist ?? process.env.WEB_DIST ?? path.join(root, 'apps/web/dist'),
          ...options.env,
        },
        stdio: 'ignore',
      });
      await expect
        .poll(
          () =>
            fetch(`${url}/readyz`).then(
              (r) => r.status,
              () => 0,
            ),
          // Two or three servers starting at once on a busy two-core machine take longer than one alone.
          { timeout: 90_000 },
        )
        .toBe(200);
    },
    async stop() {
      const c = child;
      if (!c || c.exitCode !== null) return null;
      const exited = new Promise<number | null>((resolve) => c.once('exit', (code) => resolve(code)));
      c.kill('SIGTERM');
      return exited;
    },
    cleanup() {
      child?.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

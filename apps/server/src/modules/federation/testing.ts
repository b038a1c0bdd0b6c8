/**
 * Test helpers for federation: real Plaza servers on loopback ports, each with its own database, whose
 * PUBLIC_URL is their own http address, so they find, sign for and deliver to each other as servers
 * on the internet do (with ALLOW_PRIVATE_ADDRESSES=true, which loopback needs).
 */
import type { FastifyInstance } from 'fastify';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { copySqliteTemplate, freshPostgresDatabase, testConfig, type Dialect } from '../../../test/harness';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';

export interface PeerServer {
  app: FastifyInstance;
  /** http://127.0.0.1:<port> */
  url: string;
  /** 127.0.0.1:<port>, the host part of its people's handles. */
  host: string;
}

/** A port nobody listens on now. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** `count` federating servers for a suite, started before its tests and stopped after. */
export function usePeerServers(dialect: Dialect, count: number, env: Record<string, string> = {}): PeerServer[] {
  // Filled in before the tests run: the suite destructures them when it is declared.
  const servers = Array.from({ length: count }, () => ({}) as PeerServer);
  const cleanups: Array<() => Promise<void>> = [];

  beforeAll(async () => {
    for (let i = 0; i < count; i++) {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'plaza-fed-'));
      let databaseUrl: string | undefined;
      if (dialect === 'postgres') {
        const pg = await freshPostgresDatabase({ migrated: true });
        databaseUrl = pg.url;
        cleanups.push(() => pg.drop());
      } else copySqliteTemplate(dataDir);
      const port = await freePort();
      const url = `http://127.0.0.1:${port}`;
      const config = loadConfig({
        DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
        JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
        WEB_DIST: path.join(dataDir, 'no-web'),
        UNVERIFIED_POSTS_PER_DAY: '100000',
        PUBLIC_URL: url,
        FEDERATION: 'on',
        ALLOW_PRIVATE_ADDRESSES: 'true',
        // Deliveries wait for the jobs' poll: a short one keeps a round trip between servers quick.
        OUTBOX_POLL_MS: '50',
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
        ...env,
      });
      const app = await buildApp(testConfig(config), { logger: false });
      await app.listen({ port, host: '127.0.0.1' });
      Object.assign(servers[i], { app, url, host: `127.0.0.1:${port}` });
      cleanups.push(async () => {
        await app.close();
        rmSync(dataDir, { recursive: true, force: true });
      });
    }
  });

  afterAll(async () => {
    // Servers first, then their databases.
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  return servers;
}

/** Asks `check` until it returns something other than undefined, or fails after `timeoutMs`. */
export async function eventually<T>(check: () => Promise<T | undefined>, what: string, timeoutMs = 10_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

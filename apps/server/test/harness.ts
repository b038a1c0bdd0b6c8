/** Builds a real app on a fresh database (a temp SQLite file, or a fresh PostgreSQL database) for a suite. */
import type { FastifyInstance } from 'fastify';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig, type Config } from '../src/config';

export type Dialect = 'sqlite' | 'postgres';

/** The dialects this run covers: SQLite always, PostgreSQL when global-setup reached one. */
export function dialects(): Dialect[] {
  return inject('pgAdminUrl') ? ['sqlite', 'postgres'] : ['sqlite'];
}

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  /** Base URL once `listen()` was called (for socket.io clients). */
  url: string;
}

/** A fresh, empty PostgreSQL database; its URL and how to drop it. */
export async function freshPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const admin = inject('pgAdminUrl')!;
  const dbName = `plaza_test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const c = new pg.Client({ connectionString: admin });
  await c.connect();
  await c.query(`CREATE DATABASE ${dbName}`);
  await c.end();
  const u = new URL(admin);
  u.pathname = `/${dbName}`;
  return {
    url: u.toString(),
    async drop() {
      const d = new pg.Client({ connectionString: admin });
      await d.connect();
      await d.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await d.end();
    },
  };
}

export function useTestApp(dialect: Dialect, env: Record<string, string> = {}, opts: { listen?: boolean } = {}): TestApp {
  const handle = {} as TestApp;
  let dataDir = '';
  let pgDatabase: Awaited<ReturnType<typeof freshPostgresDatabase>> | undefined;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'plaza-test-'));
    let databaseUrl: string | undefined;
    if (dialect === 'postgres') {
      pgDatabase = await freshPostgresDatabase();
      databaseUrl = pgDatabase.url;
    }
    handle.config = loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
      WEB_DIST: path.join(dataDir, 'no-web'),
      // Suites sign up and post far faster than people do; the security tests set 1 to meet the real limits.
      RATE_LIMIT_SCALE: '1000',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      ...env,
    });
    handle.app = await buildApp(handle.config, { logger: false });
    if (opts.listen) {
      await handle.app.listen({ port: 0, host: '127.0.0.1' });
      const addr = handle.app.server.address();
      handle.url = typeof addr === 'object' && addr ? `http://127.0.0.1:${addr.port}` : '';
    } else {
      await handle.app.ready();
    }
  });

  afterAll(async () => {
    await handle.app?.close();
    await pgDatabase?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  return handle;
}

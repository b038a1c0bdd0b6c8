/**
 * Several apps, one after the other or side by side, on one database (a SQLite file in one DATA_DIR, or
 * one fresh PostgreSQL database, both copies of the migrated templates): a restart, or processes that
 * share the work. For a suite.
 */
import type { FastifyInstance } from 'fastify';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, onTestFinished } from 'vitest';
import { buildApp, type BuildOptions } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { copySqliteTemplate, freshPostgresDatabase, testConfig, type Dialect } from './harness';

export interface SameDatabase {
  /** The environment every app gets (DATA_DIR, DATABASE_URL, …). */
  env: Record<string, string>;
  config(env?: Record<string, string>): Config;
  /** Builds and readies an app on the shared database; closed at the end of the test that started it, unless closed before. */
  start(env?: Record<string, string>, opts?: BuildOptions): Promise<FastifyInstance>;
}

export function useSameDatabase(dialect: Dialect): SameDatabase {
  const apps = new Set<FastifyInstance>();
  let dataDir = '';
  let dropDatabase: (() => Promise<void>) | undefined;
  const handle: SameDatabase = {
    env: {},
    config: (env = {}) => testConfig(loadConfig({ ...handle.env, ...env }), { rateLimitScale: 1 }),
    async start(env = {}, opts = {}) {
      const app = await buildApp(handle.config(env), { logger: false, ...opts });
      apps.add(app);
      app.addHook('onClose', async () => void apps.delete(app));
      onTestFinished(async () => {
        if (apps.has(app)) await app.close();
      });
      await app.ready();
      return app;
    },
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'plaza-test-'));
    handle.env = {
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
      WEB_DIST: path.join(dataDir, 'no-web'),
    };
    if (dialect === 'postgres') {
      const database = await freshPostgresDatabase({ migrated: true });
      handle.env.DATABASE_URL = database.url;
      dropDatabase = () => database.drop();
    } else copySqliteTemplate(dataDir);
  });

  afterAll(async () => {
    for (const app of [...apps]) await app.close();
    await dropDatabase?.();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  return handle;
}

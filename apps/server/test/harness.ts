/**
 * Builds a real app on a fresh database for a suite: a temp copy of the migrated SQLite template, or a
 * PostgreSQL database created from the migrated template (test/global-setup.ts).
 */
import type { FastifyInstance } from 'fastify';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
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

const directRunCounts = new WeakMap<FastifyInstance, { count: number }>();

/** A test app built with its count of the statements run straight on the driver (db/prepared.ts). */
export async function buildCountingApp(config: Config): Promise<FastifyInstance> {
  const runs = { count: 0 };
  const app = await buildApp(config, { logger: false, directRuns: runs });
  directRunCounts.set(app, runs);
  return app;
}

/** The statements `app` ran straight on the driver so far: Kysely's executor never sees them. */
export const directRunsOf = (app: FastifyInstance): { count: number } => directRunCounts.get(app)!;

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  /** Base URL once `listen()` was called (for socket.io clients). */
  url: string;
}

/** A fresh PostgreSQL database, empty or (`migrated`) a copy of the migrated template; its URL and how to drop it. */
export async function freshPostgresDatabase(opts: { migrated?: boolean } = {}): Promise<{ url: string; drop(): Promise<void> }> {
  const admin = inject('pgAdminUrl')!;
  const dbName = `plaza_test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const c = new pg.Client({ connectionString: admin });
  await c.connect();
  await c.query(`CREATE DATABASE ${dbName}${opts.migrated ? ` TEMPLATE ${inject('pgTemplate')!}` : ''}`);
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

/** Puts a copy of the migrated SQLite template where a config without DATABASE_URL keeps its database. */
export function copySqliteTemplate(dataDir: string): void {
  const file = path.join(dataDir, 'plaza.sqlite');
  if (existsSync(file)) return;
  mkdirSync(dataDir, { recursive: true });
  copyFileSync(inject('sqliteTemplate'), file);
}

/**
 * What a suite's servers change from a deployment's config: argon2id at a cost a test can afford (the same
 * algorithm; a hash made at any cost verifies anywhere), the abuse limits scaled for suites that sign
 * up and post far faster than people do (the security tests set 1 to meet the real limits), and outgoing
 * requests kept on loopback hosts.
 */
export function testConfig(config: Config, opts: { rateLimitScale?: number } = {}): Config {
  // A link in a suite's text never makes the server read a page off this machine (link previews).
  return {
    ...config,
    passwordCost: { memoryCost: 1024, timeCost: 1 },
    rateLimitScale: opts.rateLimitScale ?? 1000,
    outboundLoopbackOnly: true,
  };
}

export interface TestAppOptions {
  listen?: boolean;
  /** The abuse limits' multiplier (Config.rateLimitScale): 1000 unless a suite meets the real limits. */
  rateLimitScale?: number;
}

export function useTestApp(dialect: Dialect, env: Record<string, string> = {}, opts: TestAppOptions = {}): TestApp {
  const handle = {} as TestApp;
  let dataDir = '';
  let pgDatabase: Awaited<ReturnType<typeof freshPostgresDatabase>> | undefined;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'plaza-test-'));
    let databaseUrl: string | undefined;
    if (dialect === 'postgres') {
      pgDatabase = await freshPostgresDatabase({ migrated: true });
      databaseUrl = pgDatabase.url;
    } else if (!env.DATABASE_URL) copySqliteTemplate(dataDir);
    const config = loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
      WEB_DIST: path.join(dataDir, 'no-web'),
      // Suites publish freely from fresh, unverified accounts; accounts tests set the real limit.
      UNVERIFIED_POSTS_PER_DAY: '100000',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      ...env,
    });
    handle.config = testConfig(config, opts);
    handle.app = await buildCountingApp(handle.config);
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

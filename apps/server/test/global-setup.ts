/**
 * Once per run: probes PostgreSQL (suites include it when reachable; REQUIRE_SERVICES=1 turns absence into a
 * failure) and migrates a template database of each dialect, which every suite copies instead of running
 * the migrations again (harness.ts).
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createDb, migrateToLatest } from '../src/db';
import type { Config } from '../src/config';

export const PG_ADMIN_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const REDIS_TEST_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string | null;
    /** A migrated PostgreSQL database to create suites' databases from (`CREATE DATABASE … TEMPLATE`). */
    pgTemplate: string | null;
    /** A migrated SQLite file to copy into a suite's DATA_DIR. */
    sqliteTemplate: string;
  }
}

async function adminQuery(text: string): Promise<void> {
  const c = new pg.Client({ connectionString: PG_ADMIN_URL });
  await c.connect();
  try {
    await c.query(text);
  } finally {
    await c.end();
  }
}

async function migrate(database: Config['database']): Promise<void> {
  const { db } = createDb(database);
  try {
    await migrateToLatest(db);
    // The whole schema in the one file, so a copy of that file is a complete database.
    if (database.kind === 'sqlite') await sql`pragma wal_checkpoint(truncate)`.execute(db);
  } finally {
    await db.destroy();
  }
}

async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch (err) {
    const reason = `PostgreSQL at ${PG_ADMIN_URL} is not reachable (${(err as Error).message})`;
    if (process.env.REQUIRE_SERVICES === '1') throw new Error(`${reason}, and REQUIRE_SERVICES=1 demands it.`);
    console.warn(`\n[plaza tests] ${reason}: the PostgreSQL runs of the suites are skipped. SQLite runs still run.\n`);
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

export default async function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(tmpdir(), 'plaza-test-template-'));
  const sqliteTemplate = path.join(dir, 'plaza.sqlite');
  await migrate({ kind: 'sqlite', file: sqliteTemplate });
  if (existsSync(`${sqliteTemplate}-wal`))
    throw new Error('the SQLite template kept a write-ahead log: a copy of its file would be incomplete');

  const reachable = await postgresReachable();
  const pgTemplate = reachable ? `plaza_test_template_${process.pid}_${Date.now().toString(36)}` : null;
  if (pgTemplate) {
    await adminQuery(`CREATE DATABASE ${pgTemplate}`);
    const url = new URL(PG_ADMIN_URL);
    url.pathname = `/${pgTemplate}`;
    await migrate({ kind: 'postgres', url: url.toString() });
    // A template is copied only while no one is connected to it.
    await adminQuery(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${pgTemplate}'`);
  }
  project.provide('pgAdminUrl', reachable ? PG_ADMIN_URL : null);
  project.provide('pgTemplate', pgTemplate);
  project.provide('sqliteTemplate', sqliteTemplate);

  return async () => {
    if (pgTemplate) await adminQuery(`DROP DATABASE IF EXISTS ${pgTemplate} WITH (FORCE)`);
    rmSync(dir, { recursive: true, force: true });
  };
}

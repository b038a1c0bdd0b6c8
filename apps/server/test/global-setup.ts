/** Probes PostgreSQL once per run; suites include it when reachable. REQUIRE_SERVICES=1 turns absence into a failure. */
import pg from 'pg';
import type { TestProject } from 'vitest/node';

export const PG_ADMIN_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const REDIS_TEST_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string | null;
  }
}

export default async function setup(project: TestProject) {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL, connectionTimeoutMillis: 2000 });
  let reachable = false;
  try {
    await client.connect();
    await client.query('select 1');
    reachable = true;
  } catch (err) {
    const reason = `PostgreSQL at ${PG_ADMIN_URL} is not reachable (${(err as Error).message})`;
    if (process.env.REQUIRE_SERVICES === '1') throw new Error(`${reason}, and REQUIRE_SERVICES=1 demands it.`);
    console.warn(`\n[plaza tests] ${reason}: the PostgreSQL runs of the suites are skipped. SQLite runs still run.\n`);
  } finally {
    await client.end().catch(() => {});
  }
  project.provide('pgAdminUrl', reachable ? PG_ADMIN_URL : null);
}

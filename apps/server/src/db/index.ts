/** The Kysely instance for the configured dialect: SQLite (embedded default) or PostgreSQL. */
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, type MigrationProvider } from 'kysely';
import { LRUCache } from 'lru-cache';
import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { Config, DatabaseTimeouts } from '../config';
import type { Logger } from '../lib/logger';
import { withCommitHooks } from '../outbox/commit-hooks';
import { migrations } from './migrations';
import { registerDataVersion, registerDirectReads, type DirectReads } from './prepared';
import { immediateTransactions } from './sqlite-immediate';
import type { Database } from './types';

export type Db = Kysely<Database>;
export type DialectName = 'sqlite' | 'postgres';

export interface DbHandle {
  db: Db;
  dialect: DialectName;
  ping: () => Promise<void>;
  /** Connections open, idle and requests waiting for one (PostgreSQL; SQLite has one connection and no queue). */
  poolUse: () => { total: number; idle: number; waiting: number };
}

/** Used when the caller gives none (scripts, benchmarks); the server passes the configured ones. */
const DEFAULT_TIMEOUTS: DatabaseTimeouts = { poolSize: 20, connectMs: 3000, statementMs: 5000, idleInTransactionMs: 5000 };

export function createDb(database: Config['database'], log?: Logger, timeouts: DatabaseTimeouts = DEFAULT_TIMEOUTS): DbHandle {
  if (database.kind === 'postgres') {
    // COUNT(*) and SUM() come back as int8; parse them to numbers instead of strings.
    pg.types.setTypeParser(20, (v) => Number(v));
    // A quarter of the connections (taken from the pool, so the total is unchanged) run the statements
    // that keep their plan (prepared.ts, `keepPlan`), and plan each of them once: left to choose,
    // PostgreSQL went on planning the feed's reads for every request's values (0.2-0.8 ms a time against
    // 0.05-0.1 to run them), its estimate of a plan made once being worse than the plans it made.
    const keptPlanSize = Math.max(1, Math.ceil(timeouts.poolSize / 4));
    const pool = postgresPool(database.url, { ...timeouts, poolSize: Math.max(1, timeouts.poolSize - keptPlanSize) }, log);
    const keptPlanPool = postgresPool(database.url, { ...timeouts, poolSize: keptPlanSize }, log, 'plan_cache_mode=force_generic_plan');
    const probe = pingConnection(database.url, timeouts);
    const db = new Kysely<Database>({
      dialect: withCommitHooks(
        new PostgresDialect({ pool: discardingBrokenClients(pool, () => Promise.all([keptPlanPool.end(), probe.close()]).then(() => {})) }),
      ),
    });
    registerDirectReads(db, {
      prepare: (text, options) => {
        if (!options?.keepPlan)
          return (values) => pool.query({ text, values: values as unknown[], rowMode: 'array' }).then((r) => r.rows as unknown[][]);
        // A name per text: the same statement prepared twice under one name would be refused.
        const name = `plaza_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
        return (values) =>
          keptPlanPool.query({ name, text, values: values as unknown[], rowMode: 'array' }).then((r) => r.rows as unknown[][]);
      },
    });
    return {
      db,
      dialect: 'postgres',
      ping: () => probe.ping(),
      poolUse: () => ({
        total: pool.totalCount + keptPlanPool.totalCount,
        idle: pool.idleCount + keptPlanPool.idleCount,
        waiting: pool.waitingCount + keptPlanPool.waitingCount,
      }),
    };
  }
  if (database.file !== ':memory:') mkdirSync(path.dirname(database.file), { recursive: true });
  const sqlite = new SQLite(database.file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('cache_size = -64000');
  sqlite.pragma('mmap_size = 268435456');
  const db = new Kysely<Database>({
    dialect: withCommitHooks(immediateTransactions(new SqliteDialect({ database: cachedStatements(sqlite) }))),
  });
  registerDirectReads(db, directSqliteReads(sqlite));
  const dataVersion = sqlite.prepare('PRAGMA data_version').pluck();
  registerDataVersion(db, () => dataVersion.get() as number);
  return {
    db,
    dialect: 'sqlite',
    ping: async () => void sqlite.prepare('select 1').get(),
    poolUse: () => ({ total: 1, idle: 1, waiting: 0 }),
  };
}

/**
 * Every wait on PostgreSQL is bounded, so a database that is gone or stalled costs a request seconds,
 * never forever: connecting (`connectMs`), a statement on the server (`statementMs`, cancelled there),
 * the same plus a second on our side (a stalled network answers nothing at all), and a transaction left
 * idle (`idleInTransactionMs`, so its locks cannot outlive a stuck client).
 */
function postgresPool(url: string, t: DatabaseTimeouts, log?: Logger, setting?: string): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    ...(setting ? { options: `-c ${setting}` } : {}),
    max: t.poolSize,
    connectionTimeoutMillis: t.connectMs,
    statement_timeout: t.statementMs,
    query_timeout: t.statementMs + 1000,
    idle_in_transaction_session_timeout: t.idleInTransactionMs,
    keepAlive: true,
  });
  // A connection that drops (a failover, a restart, a cut network) fails the queries on it, which answer
  // 503; without these listeners its 'error' event would end the process. Logged once per outage.
  let failing = false;
  const failed = (err: Error) => {
    if (!failing) log?.warn({ err }, 'a PostgreSQL connection failed; new ones are opened as needed');
    failing = true;
  };
  pool.on('error', failed);
  pool.on('connect', (client) => {
    client.on('error', failed);
    trackFailures(client);
    if (failing) log?.info('PostgreSQL connections work again');
    failing = false;
  });
  return pool;
}

const BROKEN = Symbol('broken');
type TrackedClient = pg.PoolClient & { [BROKEN]?: boolean };

/** Marks the client broken when one of its queries times out or loses its connection (once per client). */
function trackFailures(client: pg.PoolClient): void {
  const tracked = client as TrackedClient;
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as unknown as { query: typeof query }).query = (...args) => {
    const result = query(...args);
    // Callback-style calls (pg's own internals) return nothing to watch.
    if (result instanceof Promise)
      result.catch((err: unknown) => {
        if (err instanceof Error && /timeout|terminated/i.test(err.message)) tracked[BROKEN] = true;
      });
    return result;
  };
}

/**
 * A client whose query timed out on our side may still owe the server's answer to it; handed out again,
 * it would make the next request wait for that answer. Such a client is closed instead of reused.
 */
function discardingBrokenClients(pool: pg.Pool, alsoOnEnd: () => Promise<void>) {
  return {
    async connect() {
      const client = (await pool.connect()) as TrackedClient;
      // The pool gives every checkout a fresh release function.
      const release = client.release.bind(client);
      client.release = (err?: Error | boolean) => release(err ?? (client[BROKEN] ? true : undefined));
      return client;
    },
    end: async () => {
      await Promise.all([pool.end(), alsoOnEnd()]);
    },
  };
}

/**
 * The readiness check's own connection, beside the pool. A pool busy with requests is not a database
 * that is down: a check queued behind them would take a loaded node out of the balancer, or keep a node
 * started under load from ever counting as ready. One connection, opened when needed, dropped when it fails.
 */
function pingConnection(url: string, t: DatabaseTimeouts) {
  let client: pg.Client | null = null;
  let opening: Promise<pg.Client> | null = null;
  let closed = false;
  const drop = (c: pg.Client) => {
    if (client === c) client = null;
    c.end().catch(() => {});
  };
  const open = () =>
    (opening ??= (async () => {
      const c = new pg.Client({
        connectionString: url,
        connectionTimeoutMillis: t.connectMs,
        statement_timeout: t.statementMs,
        query_timeout: t.statementMs + 1000,
        keepAlive: true,
      });
      // A dropped connection is only forgotten; the next check opens another.
      c.on('error', () => drop(c));
      try {
        await c.connect();
      } finally {
        opening = null;
      }
      if (closed) {
        drop(c);
        throw new Error('the database handle is closed');
      }
      client = c;
      return c;
    })());
  return {
    async ping(): Promise<void> {
      const c = client ?? (await open());
      try {
        await c.query('select 1');
      } catch (err) {
        drop(c);
        throw err;
      }
    },
    async close(): Promise<void> {
      closed = true;
      const c = client;
      client = null;
      await c?.end().catch(() => {});
    },
  };
}
/**
 * Kysely prepares every query afresh, and for short queries SQLite's prepare costs more than running
 * them. This keeps the most recently used statements by SQL text; one still being iterated is not reused.
 */
function cachedStatements(sqlite: SQLite.Database, max = 500) {
  const cache = new LRUCache<string, SQLite.Statement>({ max });
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      const cached = cache.get(sql);
      if (cached && !cached.busy) return cached;
      const stmt = sqlite.prepare(sql);
      cache.set(sql, stmt);
      return stmt;
    },
  };
}

/** Statements prepared once in array mode for db/prepared.ts; they step aside while a transaction holds the connection. */
function directSqliteReads(sqlite: SQLite.Database): DirectReads {
  return {
    prepare(sql) {
      let stmt: SQLite.Statement<unknown[], unknown[]> | undefined;
      return (parameters) => {
        if (sqlite.inTransaction) return undefined;
        stmt ??= sqlite.prepare<unknown[], unknown[]>(sql).raw(true);
        return stmt.all(...parameters);
      };
    },
  };
}

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(db: Db): Promise<void> {
  // Migrations are numbered by the work that brought them, not by when it landed (0040 and 0041 came
  // after 0050): an install that already ran a later number still takes an earlier one it lacks.
  const migrator = new Migrator({ db, provider, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}

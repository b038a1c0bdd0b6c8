/** The Kysely instance for the configured dialect: SQLite (embedded default) or PostgreSQL. */
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, sql, SqliteDialect, type MigrationProvider } from 'kysely';
import { LRUCache } from 'lru-cache';
import { createHash } from 'node:crypto';
import { chmodSync, closeSync, mkdirSync, openSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { Config, DatabaseTimeouts } from '../config';
import type { Logger } from '../lib/logger';
import { withCommitHooks } from '../outbox/commit-hooks';
import { migrations } from './migrations';
import { registerDataVersion, registerDirectReads, type DirectReads } from './prepared';
import { immediateTransactions } from './sqlite-immediate';
import type { Database } from './types';

/** The `application_name` of every connection a Plaza process opens to PostgreSQL. */
export const PLAZA_APPLICATION_NAME = 'plaza';

export type Db = Kysely<Database>;
export type DialectName = 'sqlite' | 'postgres';

export interface DbHandle {
  db: Db;
  dialect: DialectName;
  ping: () => Promise<void>;
  /**
   * Connections: the most this process opens, those open, idle and in use, and requests waiting for one
   * (PostgreSQL; SQLite has one connection and no queue).
   */
  poolUse: () => { max: number; total: number; idle: number; in_use: number; waiting: number };
}

/** Used when the caller gives none (scripts, benchmarks); the server passes the configured ones. */
const DEFAULT_TIMEOUTS: DatabaseTimeouts = { poolSize: 20, connectMs: 3000, statementMs: 5000, idleInTransactionMs: 5000 };

export interface DbOptions {
  /** Counts the statements run straight on the driver (prepared.ts), which Kysely's executor never sees. */
  directRuns?: { count: number };
  /** false: prepared reads go through Kysely's executor instead of the driver (a benchmark's A/B). */
  directReads?: boolean;
}

/** The driver's statements, each run counted in `runs` when given. */
function counted(reads: DirectReads, runs: DbOptions['directRuns']): DirectReads {
  if (!runs) return reads;
  return {
    prepare: (text, options) => {
      const run = reads.prepare(text, options);
      return (parameters) => {
        const rows = run(parameters);
        if (rows !== undefined) runs.count++;
        return rows;
      };
    },
  };
}

export function createDb(
  database: Config['database'],
  log?: Logger,
  timeouts: DatabaseTimeouts = DEFAULT_TIMEOUTS,
  { directRuns, directReads = true }: DbOptions = {},
): DbHandle {
  if (database.kind === 'postgres') {
    // COUNT(*) and SUM() come back as int8; parse them to numbers instead of strings.
    pg.types.setTypeParser(20, (v) => Number(v));
    // A quarter of the connections (taken from the pool, so the total is unchanged) run the statements
    // that keep their plan (prepared.ts, `keepPlan`), and plan each of them once: left to choose,
    // PostgreSQL went on planning the feed's reads for every request's values (0.2-0.8 ms a time against
    // 0.05-0.1 to run them), its estimate of a plan made once being worse than the plans it made.
    // With a pool of one there is no connection to spare: the kept plans share it (and are planned as usual).
    // Either way a process opens at most `poolSize` connections (docs/deploy.md).
    const keptPlanSize = timeouts.poolSize > 1 ? Math.ceil(timeouts.poolSize / 4) : 0;
    const pool = postgresPool(database.url, { ...timeouts, poolSize: timeouts.poolSize - keptPlanSize }, log);
    const keptPlanPool = keptPlanSize
      ? postgresPool(database.url, { ...timeouts, poolSize: keptPlanSize }, log, 'plan_cache_mode=force_generic_plan')
      : null;
    const pools = keptPlanPool ? [pool, keptPlanPool] : [pool];
    const outcomes = queryOutcomes();
    const db = new Kysely<Database>({
      dialect: withCommitHooks(
        new PostgresDialect({ pool: discardingBrokenClients(pool, async () => void (await keptPlanPool?.end()), outcomes) }),
      ),
    });
    if (directReads)
      registerDirectReads(
        db,
        counted(
          {
            prepare: (text, options) => {
              if (!options?.keepPlan)
                return (values) => pool.query({ text, values: values as unknown[], rowMode: 'array' }).then((r) => r.rows as unknown[][]);
              // A name per text: the same statement prepared twice under one name would be refused.
              const name = `plaza_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
              return (values) =>
                (keptPlanPool ?? pool)
                  .query({ name, text, values: values as unknown[], rowMode: 'array' })
                  .then((r) => r.rows as unknown[][]);
            },
          },
          directRuns,
        ),
      );
    return {
      db,
      dialect: 'postgres',
      ping: () => pingThroughPool(pool, outcomes),
      poolUse: () => {
        const sum = (count: (p: pg.Pool) => number) => pools.reduce((n, p) => n + count(p), 0);
        const total = sum((p) => p.totalCount);
        const idle = sum((p) => p.idleCount);
        return { max: timeouts.poolSize, total, idle, in_use: total - idle, waiting: sum((p) => p.waitingCount) };
      },
    };
  }
  if (database.file !== ':memory:') {
    mkdirSync(path.dirname(database.file), { recursive: true });
    // Readable by Plaza's user only, whatever the umask: it holds every message and password hash.
    // SQLite gives its -wal and -shm files the database file's mode.
    closeSync(openSync(database.file, 'a', 0o600));
    chmodSync(database.file, 0o600);
  }
  const sqlite = new SQLite(database.file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('mmap_size = 268435456');
  const db = new Kysely<Database>({
    dialect: withCommitHooks(immediateTransactions(new SqliteDialect({ database: cachedStatements(sqlite) }))),
  });
  if (directReads) registerDirectReads(db, counted(directSqliteReads(sqlite), directRuns));
  const dataVersion = sqlite.prepare('PRAGMA data_version').pluck();
  registerDataVersion(db, () => dataVersion.get() as number);
  return {
    db,
    dialect: 'sqlite',
    ping: async () => void sqlite.prepare('select 1').get(),
    poolUse: () => ({ max: 1, total: 1, idle: 1, in_use: 0, waiting: 0 }),
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
    // What `pg_stat_activity` shows for Plaza's connections, and how a restore sees servers still running.
    application_name: PLAZA_APPLICATION_NAME,
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
 * How the requests' checkouts of the pool ended lately: a checkout that ended broken (a statement timed
 * out, the connection dropped) failed, any other succeeded. Readiness reads it: a table locked for good
 * answers `select 1` at once while every read through the pool times out.
 */
function queryOutcomes(windowMs = 5000) {
  let lastOk = 0;
  let lastFailed = 0;
  return {
    record(ok: boolean) {
      if (ok) lastOk = Date.now();
      else lastFailed = Date.now();
    },
    /** The latest checkout failed, within the window. */
    failingLately: () => Date.now() - lastFailed < windowMs && lastOk < lastFailed,
    /** A checkout succeeded within `ms`. */
    okWithin: (ms: number) => Date.now() - lastOk < ms,
  };
}
type QueryOutcomes = ReturnType<typeof queryOutcomes>;

/**
 * A client whose query timed out on our side may still owe the server's answer to it; handed out again,
 * it would make the next request wait for that answer. Such a client is closed instead of reused.
 */
function discardingBrokenClients(pool: pg.Pool, alsoOnEnd: () => Promise<void>, outcomes: QueryOutcomes) {
  return {
    async connect() {
      const client = (await pool.connect()) as TrackedClient;
      // The pool gives every checkout a fresh release function.
      const release = client.release.bind(client);
      client.release = (err?: Error | boolean) => {
        const broken = Boolean(err) || client[BROKEN] === true;
        outcomes.record(!broken);
        release(err ?? (broken ? true : undefined));
      };
      return client;
    },
    end: async () => {
      await Promise.all([pool.end(), alsoOnEnd()]);
    },
  };
}

/** The database's part of readiness, answered within this (the probe's own connection wait and query included). */
const PING_MS = 700;

/**
 * Readiness through the pool the requests use, never a connection of its own: at the server's connection
 * cap a fresh connection is refused while the pool reads fine. Down when `select 1` fails or cannot be
 * answered in time, or when the requests' own queries have been failing lately (a table held locked);
 * a probe that only waited for a connection behind busy requests that do succeed is a busy node, not a down one.
 */
async function pingThroughPool(pool: pg.Pool, outcomes: QueryOutcomes): Promise<void> {
  if (outcomes.failingLately()) throw new Error('queries through the pool have been failing');
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), PING_MS);
  });
  const query = pool.query('select 1').then(() => 'ok' as const);
  // Answered after the time-box: its outcome no longer matters, its rejection must not go unhandled.
  query.catch(() => {});
  try {
    const result = await Promise.race([query, timedOut]);
    if (result === 'ok' || (pool.waitingCount > 0 && outcomes.okWithin(2000))) return;
    throw new Error('the database did not answer within the readiness time-box');
  } finally {
    clearTimeout(timer);
  }
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

/** The migrations this database has run: how many, and the last by name (`plaza_schema_migrations`). */
export async function schemaVersion(db: Db): Promise<{ applied: number; latest: string }> {
  const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
  const names = rows.map((r) => r.name).sort();
  return { applied: names.length, latest: names.at(-1) ?? '' };
}

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

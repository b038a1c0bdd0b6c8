/** The Kysely instance for the configured dialect: SQLite (embedded default) or PostgreSQL. */
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, type MigrationProvider } from 'kysely';
import { LRUCache } from 'lru-cache';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { Config } from '../config';
import type { Logger } from '../lib/logger';
import { withCommitHooks } from '../outbox/commit-hooks';
import { migrations } from './migrations';
import { registerDirectReads, type DirectReads } from './prepared';
import type { Database } from './types';

export type Db = Kysely<Database>;
export type DialectName = 'sqlite' | 'postgres';

export interface DbHandle {
  db: Db;
  dialect: DialectName;
  ping: () => Promise<void>;
}

export function createDb(database: Config['database'], log?: Logger): DbHandle {
  if (database.kind === 'postgres') {
    // COUNT(*) and SUM() come back as int8; parse them to numbers instead of strings.
    pg.types.setTypeParser(20, (v) => Number(v));
    const pool = new pg.Pool({ connectionString: database.url, max: 20 });
    // An idle connection that drops (a database restart, a forced drop in tests) is replaced on next use;
    // without a listener its error would end the process.
    pool.on('error', (err) => log?.warn({ err }, 'an idle PostgreSQL connection failed; it is replaced on next use'));
    const db = new Kysely<Database>({ dialect: withCommitHooks(new PostgresDialect({ pool })) });
    registerDirectReads(db, {
      prepare: (text) => (values) => pool.query({ text, values: values as unknown[], rowMode: 'array' }).then((r) => r.rows as unknown[][]),
    });
    return { db, dialect: 'postgres', ping: async () => void (await pool.query('select 1')) };
  }
  if (database.file !== ':memory:') mkdirSync(path.dirname(database.file), { recursive: true });
  const sqlite = new SQLite(database.file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('cache_size = -64000');
  sqlite.pragma('mmap_size = 268435456');
  const db = new Kysely<Database>({ dialect: withCommitHooks(new SqliteDialect({ database: cachedStatements(sqlite) })) });
  registerDirectReads(db, directSqliteReads(sqlite));
  return { db, dialect: 'sqlite', ping: async () => void sqlite.prepare('select 1').get() };
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
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}

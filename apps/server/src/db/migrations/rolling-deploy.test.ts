/**
 * The migration policy of docs/deploy.md ("Migrations and rolling deploys"): from EXPAND_ONLY_FROM on,
 * a migration only expands the schema, so the nodes of the release before keep working while it runs
 * (forward-compatible.test.ts shows today's code on such a schema). Each migration's `up` runs against a
 * driver that records the SQL it would send, for PostgreSQL and for SQLite, and every statement is
 * checked for what old code cannot survive. A migration that must contract (drop, rename, tighten) is
 * listed in CONTRACT_MIGRATIONS and ships one release after the code stopped using what it removes.
 */
import {
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type DatabaseConnection,
  type Dialect,
} from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrations } from './index';

/** Migrations before this one were written before the policy, when a deploy stopped every node. */
const EXPAND_ONLY_FROM = '0101';

/** Contract migrations, each with what it removes (none yet). */
const CONTRACT_MIGRATIONS: Record<string, string[]> = {};

/** A Kysely instance that records every statement instead of running it; queries answer no rows. */
function recordingDb(dialect: 'postgres' | 'sqlite', statements: string[]): Kysely<unknown> {
  const connection: DatabaseConnection = {
    executeQuery: async (query) => {
      statements.push(query.sql);
      return { rows: [] };
    },
    streamQuery: () => {
      throw new Error('migrations do not stream');
    },
  };
  const postgres = dialect === 'postgres';
  const recording: Dialect = {
    createAdapter: () => (postgres ? new PostgresAdapter() : new SqliteAdapter()),
    createQueryCompiler: () => (postgres ? new PostgresQueryCompiler() : new SqliteQueryCompiler()),
    createIntrospector: (db) => (postgres ? new PostgresIntrospector(db) : new SqliteIntrospector(db)),
    createDriver: () => ({
      init: async () => {},
      acquireConnection: async () => connection,
      beginTransaction: async () => {},
      commitTransaction: async () => {},
      rollbackTransaction: async () => {},
      releaseConnection: async () => {},
      destroy: async () => {},
    }),
  };
  return new Kysely<unknown>({ dialect: recording });
}

const RULES: Array<[RegExp, string]> = [
  [/\bdrop\s+table\b/, 'drops a table old nodes read'],
  [/\bdrop\s+column\b/, 'drops a column old nodes read or write'],
  [/\brename\b/, 'renames what old nodes name'],
  [/\balter\s+column\s+\S+\s+(set\s+data\s+)?type\b/, "changes a column's type"],
  [/\bset\s+not\s+null\b/, "makes a column required that old nodes' inserts leave out"],
  [/\bdrop\s+(trigger|function|view)\b/, 'drops a trigger, function or view old nodes rely on'],
  [/\btruncate\b/, 'empties a table'],
  [/\bdrop\s+constraint\b/, "drops a constraint old nodes' upserts may rely on"],
];

/**
 * Why `statements` (one migration's, in order) would break the release before, one reason each. Bodies
 * of functions (`$$ … $$`) are not looked into: what they hold runs later, as triggers.
 */
function contractingChanges(statements: readonly string[]): string[] {
  const created = new Set<string>();
  const found: string[] = [];
  for (const raw of statements) {
    const s = raw
      .replace(/\$\$[\s\S]*?\$\$/g, '$$$$')
      .replace(/\s+/g, ' ')
      .toLowerCase();
    const newTable = /^create table (?:if not exists )?"?([\w.]+)"?/.exec(s)?.[1];
    if (newTable) created.add(newTable);
    for (const [rule, reason] of RULES) if (rule.test(s)) found.push(`${reason}: ${raw.trim().slice(0, 120)}`);
    if (/\badd column\b/.test(s) && /\bnot null\b/.test(s) && !/\bdefault\b/.test(s))
      found.push(`adds a required column without a default, which old nodes' inserts leave out: ${raw.trim().slice(0, 120)}`);
    // A unique index or a constraint on a table this migration did not create can refuse old nodes' writes.
    const target = /^(?:create unique index .*? on|alter table) "?([\w.]+)"?/.exec(s)?.[1];
    if (
      target &&
      !created.has(target) &&
      (/^create unique index/.test(s) || /\badd constraint\b/.test(s) || /\bunique\b.*\badd column\b|\badd column\b.*\bunique\b/.test(s))
    )
      found.push(`adds a constraint old nodes' writes may break: ${raw.trim().slice(0, 120)}`);
  }
  return found;
}

describe('migrations under the rolling-deploy policy', () => {
  const recent = Object.keys(migrations).filter((name) => name >= EXPAND_ONLY_FROM);

  it.each(['postgres', 'sqlite'] as const)(
    `every migration from ${EXPAND_ONLY_FROM} on only expands the schema, on %s`,
    async (dialect) => {
      expect(recent.length).toBeGreaterThan(0);
      for (const name of recent) {
        const statements: string[] = [];
        await migrations[name].up(recordingDb(dialect, statements));
        const changes = contractingChanges(statements);
        if (name in CONTRACT_MIGRATIONS) continue;
        expect(changes, `${name} on ${dialect}: a contract migration must be listed in CONTRACT_MIGRATIONS`).toEqual([]);
      }
    },
  );

  it('sees the SQL each migration sends: what the earlier, stop-the-world migrations did is caught', async () => {
    const sqlOf = async (name: string, dialect: 'postgres' | 'sqlite') => {
      const statements: string[] = [];
      await migrations[name].up(recordingDb(dialect, statements));
      return statements;
    };
    expect(await sqlOf('0102-idempotency-keys', 'postgres')).toEqual([
      expect.stringMatching(/^create table "idempotency_keys"/),
      expect.stringMatching(/^create index/),
    ]);
    expect(contractingChanges(await sqlOf('0070-name-trigrams-detail-none', 'sqlite'))).toEqual([expect.stringMatching(/^drops a table/)]);
    expect(contractingChanges(await sqlOf('0092-covering-timeline-key', 'postgres'))).toEqual([
      expect.stringMatching(/^drops a constraint/),
      expect.stringMatching(/^adds a constraint/),
    ]);
  });

  it.each([
    ['alter table "posts" drop column "legacy"', /drops a column/],
    ['alter table "posts" rename column "content" to "body"', /renames/],
    ['alter table "posts" alter column "content" type varchar(100)', /type/],
    ['alter table "posts" alter column "content" set not null', /required/],
    ['alter table "posts" add column "kind" text not null', /without a default/],
    ['create unique index "posts_slug_idx" on "posts" ("slug")', /constraint/],
    ['alter table "users" add constraint "users_email_check" check (email like \'%@%\')', /constraint/],
    ['drop trigger name_trigrams_insert on users', /trigger/],
  ])('refuses %s', (statement, reason) => {
    expect(contractingChanges([statement])).toEqual([expect.stringMatching(reason)]);
  });

  it.each([
    'alter table "account_tokens" add column "stamp" text',
    'alter table "posts" add column "kind" text default \'text\' not null',
    'create index "posts_kind_idx" on "posts" ("kind")',
    'drop index "connections_low_idx"',
    'create function f() returns trigger language plpgsql as $$ begin drop table x; return null; end $$',
  ])('lets %s through', (statement) => {
    expect(contractingChanges([statement])).toEqual([]);
  });

  it('lets a new table have its unique index and constraints', () => {
    expect(
      contractingChanges([
        'create table "tags" ("id" text primary key, "name" text not null)',
        'create unique index "tags_name_idx" on "tags" ("name")',
      ]),
    ).toEqual([]);
  });
});

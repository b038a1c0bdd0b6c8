/**
 * Reads built and compiled once, then run with new values, their rows coming back as arrays in the
 * order of the select list. On a hot read (the home feed runs two statements per page, thousands of
 * pages a second) Kysely's per-call build and compile, its promise hops and one object per row cost
 * more than SQLite takes to run the statement. The SQL still comes from Kysely, so it is right for the
 * dialect.
 *
 * The database registers a direct reader for its Kysely instance (`registerDirectReads`): SQLite runs
 * the prepared statement itself, PostgreSQL asks the pool for array rows. A query against a transaction
 * (or while SQLite's one connection is inside someone's transaction) goes through Kysely's executor as
 * usual, so it never reads another request's uncommitted rows.
 */
import type { Compilable, CompiledQuery } from 'kysely';
import type { Db } from './index';

/** Prepares SQL straight on the driver. */
export interface DirectReads {
  prepare(sql: string, options?: PrepareOptions): DirectStatement;
}

export interface PrepareOptions {
  /**
   * PostgreSQL: prepare the statement by name on each connection, so it is parsed and planned once (a
   * generic plan, on connections set to plan that way: db/index.ts). Only for statements whose best
   * plan does not depend on the values (index lookups by key or range); a LIKE's plan does, and stays
   * planned per run. SQLite always keeps its statements.
   */
  keepPlan?: boolean;
}

/** Runs with these parameters; `undefined` when it cannot right now and Kysely must. */
export type DirectStatement = (parameters: readonly unknown[]) => Promise<unknown[][]> | unknown[][] | undefined;

const directReads = new WeakMap<Db, DirectReads>();

export function registerDirectReads(db: Db, reads: DirectReads): void {
  directReads.set(db, reads);
}

const dataVersions = new WeakMap<Db, () => number>();

/**
 * SQLite: `PRAGMA data_version` of the server's connection, which changes whenever another connection
 * (the chat's writer thread, a command-line tool) commits a write. Undefined on PostgreSQL.
 */
export function registerDataVersion(db: Db, read: () => number): void {
  dataVersions.set(db, read);
}

export const dataVersionOf = (db: Db): (() => number) | undefined => dataVersions.get(db);

/** Stands where a value goes while the query is built; each one is a parameter of the compiled SQL. */
const MARK = '\u0000param:';

/** One placeholder per name. Typed `never` so it fits wherever the query builder expects a value. */
export type Placeholders<N extends string> = { readonly [K in N]: never };

export type PreparedQuery<N extends string, Row extends readonly unknown[]> = (values: Readonly<Record<N, unknown>>) => Promise<Row[]>;

/**
 * `Row` is the select list's types in order, e.g. `[id: string, count: number]`; the build function
 * must select exactly those columns.
 */
export function preparedQuery<N extends string, Row extends readonly unknown[]>(
  db: Db,
  build: (p: Placeholders<N>) => Compilable<unknown>,
  options: PrepareOptions = {},
): PreparedQuery<N, Row> {
  let compiled:
    { query: CompiledQuery<unknown>; bind: (values: Readonly<Record<N, unknown>>) => unknown[]; direct?: DirectStatement } | undefined;
  const compile = () => {
    const placeholders = new Proxy({}, { get: (_, name) => `${MARK}${String(name)}` }) as Placeholders<N>;
    const query = build(placeholders).compile();
    // Each parameter is a placeholder's name, or a constant the query was built with (kept as it is).
    const slots = query.parameters.map((value) => ({
      name: typeof value === 'string' && value.startsWith(MARK) ? (value.slice(MARK.length) as N) : null,
      value,
    }));
    const bind = (values: Readonly<Record<N, unknown>>) => slots.map((s) => (s.name === null ? s.value : values[s.name]));
    return { query, bind, direct: directReads.get(db)?.prepare(query.sql, options) };
  };

  return async (values) => {
    compiled ??= compile();
    const parameters = compiled.bind(values);
    const direct = compiled.direct?.(parameters);
    if (direct) return (await direct) as unknown as Row[];
    const result = await db.executeQuery({ ...compiled.query, parameters });
    return result.rows.map((row) => Object.values(row as Record<string, unknown>)) as unknown as Row[];
  };
}

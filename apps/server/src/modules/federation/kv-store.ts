/**
 * Fedify's key-value store on the app's own database, SQLite or PostgreSQL alike (Fedify's PostgreSQL and
 * Redis stores are not published for Fedify 2 yet). It holds cached remote documents and keys and the ids
 * of activities already handled; an entry with a ttl is read as absent once it has expired and swept later.
 */
import type { KvKey, KvStore, KvStoreListEntry, KvStoreSetOptions } from '@fedify/fedify';
import { sql } from 'kysely';
import { isDeepStrictEqual } from 'node:util';
import type { Db } from '../../db';
import { durationMs } from './duration';

const keyOf = (key: KvKey): string => JSON.stringify(key);

/** `["a","b"]` is under the prefix `["a"]`: its JSON starts with `["a",`. */
const underPrefix = (prefix: KvKey): string =>
  `${keyOf(prefix)
    .slice(0, -1)
    .replace(/[\\%_]/g, (c) => `\\${c}`)},%`;

/** A value as the store would hand it back: what JSON keeps of it (undefined stays absent). */
const asStored = (value: unknown): unknown => (value === undefined ? undefined : (JSON.parse(JSON.stringify(value)) as unknown));

function expiresAt(options?: KvStoreSetOptions): string | null {
  return options?.ttl ? new Date(Date.now() + durationMs(options.ttl)).toISOString() : null;
}

export class DatabaseKvStore implements KvStore {
  constructor(private readonly db: Db) {}

  async get<T = unknown>(key: KvKey): Promise<T | undefined> {
    const row = await this.db.selectFrom('federation_kv').select(['value', 'expires_at']).where('key', '=', keyOf(key)).executeTakeFirst();
    if (!row || (row.expires_at !== null && row.expires_at <= new Date().toISOString())) return undefined;
    return JSON.parse(row.value) as T;
  }

  async set(key: KvKey, value: unknown, options?: KvStoreSetOptions): Promise<void> {
    const row = { key: keyOf(key), value: JSON.stringify(value), expires_at: expiresAt(options) };
    const { expires_at } = row;
    await this.db
      .insertInto('federation_kv')
      .values(row)
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: row.value, expires_at }))
      .execute();
  }

  /**
   * Sets the value only if it is still `expected` (undefined: absent), and deletes it for a `newValue` of
   * undefined (how Fedify's circuit breaker closes), so processes sharing the database never both win.
   * Values are compared as values, not as JSON text: the breaker hands back its half-open state with the
   * keys in another order than it stored them, which as text never matched, so the circuit stayed
   * half-open and held deliveries for good. The write names the row by the text it was read with: a
   * writer that changed it in between makes this one match nothing.
   */
  async cas(key: KvKey, expected: unknown, newValue: unknown, options?: KvStoreSetOptions): Promise<boolean> {
    const k = keyOf(key);
    // An expired entry is absent: dropped first, so the row read next is live or none.
    await this.db.deleteFrom('federation_kv').where('key', '=', k).where('expires_at', '<=', new Date().toISOString()).execute();
    const row = await this.db.selectFrom('federation_kv').select('value').where('key', '=', k).executeTakeFirst();
    if (!isDeepStrictEqual(row ? JSON.parse(row.value) : undefined, asStored(expected))) return false;
    if (!row) {
      if (newValue === undefined) return true;
      const res = await this.db
        .insertInto('federation_kv')
        .values({ key: k, value: JSON.stringify(newValue), expires_at: expiresAt(options) })
        .onConflict((oc) => oc.column('key').doNothing())
        .executeTakeFirst();
      return Number(res.numInsertedOrUpdatedRows ?? 0) === 1;
    }
    if (newValue === undefined) {
      const res = await this.db.deleteFrom('federation_kv').where('key', '=', k).where('value', '=', row.value).executeTakeFirst();
      return Number(res.numDeletedRows) === 1;
    }
    const res = await this.db
      .updateTable('federation_kv')
      .set({ value: JSON.stringify(newValue), expires_at: expiresAt(options) })
      .where('key', '=', k)
      .where('value', '=', row.value)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }

  async delete(key: KvKey): Promise<void> {
    await this.db.deleteFrom('federation_kv').where('key', '=', keyOf(key)).execute();
  }

  async *list(prefix?: KvKey): AsyncIterable<KvStoreListEntry> {
    const now = new Date().toISOString();
    let q = this.db
      .selectFrom('federation_kv')
      .select(['key', 'value'])
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]));
    if (prefix)
      q = q.where((eb) => eb.or([eb('key', '=', keyOf(prefix)), sql<boolean>`${eb.ref('key')} like ${underPrefix(prefix)} escape '\\'`]));
    for (const row of await q.orderBy('key').execute()) yield { key: JSON.parse(row.key) as KvKey, value: JSON.parse(row.value) };
  }

  /** Drops the entries that have expired (called now and then). */
  async sweep(): Promise<void> {
    await this.db.deleteFrom('federation_kv').where('expires_at', '<=', new Date().toISOString()).execute();
  }
}

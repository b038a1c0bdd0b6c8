/** SQL of the idempotency keys (src/idempotency/plugin.ts). */
import type { Db } from '../db';
import type { IdempotencyKeysTable } from '../db/tables/idempotency';

export type KeyRow = IdempotencyKeysTable;

export function idempotencyRepo(db: Db) {
  return {
    /** Takes the key for a first request; false when the person holds it already (whatever state it is in). */
    async claim(userId: string, key: string, fingerprint: string, now: string): Promise<boolean> {
      const res = await db
        .insertInto('idempotency_keys')
        .values({ user_id: userId, key, fingerprint, status_code: null, response: null, result: null, created_at: now })
        .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
        .executeTakeFirst();
      return Number(res.numInsertedOrUpdatedRows ?? 0) === 1;
    },

    find(userId: string, key: string): Promise<KeyRow | undefined> {
      return db.selectFrom('idempotency_keys').selectAll().where('user_id', '=', userId).where('key', '=', key).executeTakeFirst();
    },

    /**
     * Takes over a row that is expired or abandoned, only if it is still the one read (`seen`); false when
     * another did first. An abandoned row keeps its `result`: its write committed, and the repeat answers it.
     */
    async takeOver(seen: KeyRow, fingerprint: string, now: string, expired: boolean): Promise<boolean> {
      const res = await db
        .updateTable('idempotency_keys')
        .set({ fingerprint, status_code: null, response: null, created_at: now, ...(expired ? { result: null } : {}) })
        .where('user_id', '=', seen.user_id)
        .where('key', '=', seen.key)
        .where('created_at', '=', seen.created_at)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    /** The request holding the key is still running: its `created_at` moves to `now` (only while unanswered). */
    async touch(userId: string, key: string, now: string): Promise<void> {
      await db
        .updateTable('idempotency_keys')
        .set({ created_at: now })
        .where('user_id', '=', userId)
        .where('key', '=', key)
        .where('status_code', 'is', null)
        .execute();
    },

    async complete(userId: string, key: string, statusCode: number, response: string): Promise<void> {
      await db
        .updateTable('idempotency_keys')
        .set({ status_code: statusCode, response })
        .where('user_id', '=', userId)
        .where('key', '=', key)
        .execute();
    },

    /**
     * Inside the keyed write's transaction: the key says what the write committed. False when an earlier
     * attempt with this key committed first (or the key is gone): the caller rolls back.
     */
    async markWritten(userId: string, key: string, result: string): Promise<boolean> {
      const res = await db
        .updateTable('idempotency_keys')
        .set({ result })
        .where('user_id', '=', userId)
        .where('key', '=', key)
        .where('result', 'is', null)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    /**
     * Lets the key go: the request it held was not answered in a way worth repeating (5xx, 429). A key
     * whose write committed stays, so that a repeat answers that write instead of making it again.
     */
    async release(userId: string, key: string): Promise<void> {
      await db
        .deleteFrom('idempotency_keys')
        .where('user_id', '=', userId)
        .where('key', '=', key)
        .where('status_code', 'is', null)
        .where('result', 'is', null)
        .execute();
    },

    /** Deletes the rows taken before `before`; answers how many. */
    async sweep(before: string): Promise<number> {
      const res = await db.deleteFrom('idempotency_keys').where('created_at', '<', before).executeTakeFirst();
      return Number(res.numDeletedRows);
    },
  };
}

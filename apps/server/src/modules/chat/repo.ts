/** SQL for messages and the per-pair conversation rows. */
import { sql, type Expression, type SqlBool } from 'kysely';
import type { Db } from '../../db';
import { preparedQuery } from '../../db/prepared';
import type { ConversationsTable, MessagesTable } from '../../db/tables/chat';

export type MessageRow = MessagesTable;
export type ConversationRow = ConversationsTable;

/**
 * The ids of the named people who have an account, compiled once: every send looks up its sender and
 * receiver by name (lower-cased).
 */
export function usersByNameLower(db: Db): (a: string, b: string) => Promise<Array<[id: string, userNameLower: string]>> {
  const query = preparedQuery<'a' | 'b', [id: string, userNameLower: string]>(db, (p) =>
    db.selectFrom('users').select(['id', 'user_name_lower']).where('user_name_lower', 'in', [p.a, p.b]).where('deleted_at', 'is', null),
  );
  return (a, b) => query({ a, b });
}

export function chatRepo(db: Db) {
  return {
    /**
     * Writes messages, skipping those whose (sender, client id) is already stored. Returns the ids it
     * wrote: RETURNING lists only inserted rows on both dialects.
     */
    async insertMessages(rows: readonly MessageRow[]): Promise<Set<string>> {
      if (rows.length === 0) return new Set();
      const written = await db
        .insertInto('messages')
        .values([...rows])
        .onConflict((oc) => oc.columns(['sender_id', 'client_message_id']).doNothing())
        .returning('id')
        .execute();
      return new Set(written.map((r) => r.id));
    },

    /** Records pairs that talk and returns the ones that are new; a known pair is left alone (nothing is rewritten). */
    async recordConversations(rows: readonly ConversationRow[]): Promise<Set<string>> {
      if (rows.length === 0) return new Set();
      const added = await db
        .insertInto('conversations')
        .values([...rows])
        .onConflict((oc) => oc.column('pair_key').doNothing())
        .returning('pair_key')
        .execute();
      return new Set(added.map((r) => r.pair_key));
    },

    findMessage(pairKey: string, id: string) {
      return db.selectFrom('messages').selectAll().where('pair_key', '=', pairKey).where('id', '=', id).executeTakeFirst();
    },

    findById(id: string) {
      return db.selectFrom('messages').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** A moderator's removal; false when it was already gone. */
    async deleteById(id: string): Promise<boolean> {
      const res = await db.deleteFrom('messages').where('id', '=', id).executeTakeFirst();
      return Number(res.numDeletedRows) === 1;
    },

    findByClientId(senderId: string, clientMessageId: string) {
      return db
        .selectFrom('messages')
        .selectAll()
        .where('sender_id', '=', senderId)
        .where('client_message_id', '=', clientMessageId)
        .executeTakeFirst();
    },

    /** The newest `limit` messages of a pair older than `before`, newest first. */
    history(pairKey: string, before: string | undefined, limit: number) {
      let q = db.selectFrom('messages').selectAll().where('pair_key', '=', pairKey);
      if (before) q = q.where('id', '<', before);
      return q.orderBy('id', 'desc').limit(limit).execute();
    },

    /** The oldest `limit` messages of a pair newer than `after`, oldest first (ids are time-ordered UUIDv7). */
    historyAfter(pairKey: string, after: string, limit: number) {
      return db
        .selectFrom('messages')
        .selectAll()
        .where('pair_key', '=', pairKey)
        .where('id', '>', after)
        .orderBy('id', 'asc')
        .limit(limit)
        .execute();
    },

    /**
     * One page of the user's conversations with the id of their last message, most recent first; `only` is
     * a condition on each of the pair's columns (the safety feature's: nobody hidden from the user).
     */
    conversationsOf(
      userId: string,
      limit: number,
      offset: number,
      only: (column: 'c.user_low' | 'c.user_high') => Expression<SqlBool> = () => sql<boolean>`true`,
    ) {
      return db
        .selectFrom('conversations as c')
        .select([
          'c.pair_key',
          'c.user_low',
          'c.user_high',
          // One index seek per conversation on the messages primary key.
          (eb) =>
            eb
              .selectFrom('messages as m')
              .select((m) => m.fn.max('m.id').as('id'))
              .whereRef('m.pair_key', '=', 'c.pair_key')
              .$asScalar()
              .$notNull()
              .as('last_message_id'),
        ])
        .where((eb) => eb.or([eb('c.user_low', '=', userId), eb('c.user_high', '=', userId)]))
        .where(only('c.user_low'))
        .where(only('c.user_high'))
        .orderBy('last_message_id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute();
    },

    /** Every pair the user is one of. */
    pairsOf(userId: string) {
      return db
        .selectFrom('conversations')
        .selectAll()
        .where((eb) => eb.or([eb('user_low', '=', userId), eb('user_high', '=', userId)]))
        .execute();
    },

    /** Every message of the pairs, by pair, oldest first. */
    messagesOfPairs(pairKeys: readonly string[]) {
      if (pairKeys.length === 0) return Promise.resolve([] as MessageRow[]);
      return db.selectFrom('messages').selectAll().where('pair_key', 'in', pairKeys).orderBy('pair_key').orderBy('id').execute();
    },

    /** Re-keys one pair's conversation and messages, `fromId` becoming `toId` on both sides of each message. */
    async movePair(oldKey: string, to: { pairKey: string; low: string; high: string }, fromId: string, toId: string): Promise<void> {
      await db
        .updateTable('messages')
        .set((eb) => ({
          pair_key: to.pairKey,
          sender_id: eb.case().when('sender_id', '=', fromId).then(toId).else(eb.ref('sender_id')).end(),
          receiver_id: eb.case().when('receiver_id', '=', fromId).then(toId).else(eb.ref('receiver_id')).end(),
        }))
        .where('pair_key', '=', oldKey)
        .execute();
      await db
        .updateTable('conversations')
        .set({ pair_key: to.pairKey, user_low: to.low, user_high: to.high })
        .where('pair_key', '=', oldKey)
        .execute();
    },

    /** How many conversations `conversationsOf` pages through, under the same condition. */
    async countConversations(
      userId: string,
      only: (column: 'c.user_low' | 'c.user_high') => Expression<SqlBool> = () => sql<boolean>`true`,
    ): Promise<number> {
      const row = await db
        .selectFrom('conversations as c')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where((eb) => eb.or([eb('c.user_low', '=', userId), eb('c.user_high', '=', userId)]))
        .where(only('c.user_low'))
        .where(only('c.user_high'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Messages by (pair, id); the pair keys let the lookup use the primary key. */
    messagesByKeys(keys: ReadonlyArray<{ pairKey: string; id: string }>) {
      if (keys.length === 0) return Promise.resolve([] as MessageRow[]);
      return db
        .selectFrom('messages')
        .selectAll()
        .where(
          'pair_key',
          'in',
          keys.map((k) => k.pairKey),
        )
        .where(
          'id',
          'in',
          keys.map((k) => k.id),
        )
        .execute();
    },

    /** Unread messages to `receiverId`, counted per sender. */
    async unreadCounts(receiverId: string, senderIds: readonly string[]): Promise<Map<string, number>> {
      if (senderIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('messages')
        .select(['sender_id', (eb) => eb.fn.countAll<number>().as('n')])
        .where('receiver_id', '=', receiverId)
        .where('sender_id', 'in', senderIds)
        .where('read_at', 'is', null)
        .groupBy('sender_id')
        .execute();
      return new Map(rows.map((r) => [r.sender_id, Number(r.n)]));
    },

    /** Marks what `senderId` sent to `receiverId` read; returns how many messages changed. */
    async markRead(receiverId: string, senderId: string, at: string): Promise<number> {
      const res = await db
        .updateTable('messages')
        .set({ read_at: at })
        .where('receiver_id', '=', receiverId)
        .where('sender_id', '=', senderId)
        .where('read_at', 'is', null)
        .executeTakeFirst();
      return Number(res.numUpdatedRows);
    },
  };
}

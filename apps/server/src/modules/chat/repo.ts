/** SQL for messages and the per-pair conversation rows. */
import type { ConversationKind } from '@plaza/contract';
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { Db } from '../../db';
import type { Database } from '../../db/types';
import { preparedQuery } from '../../db/prepared';
import type { ConversationsTable, MessagesTable, NewMessage } from '../../db/tables/chat';

export type MessageRow = MessagesTable;
export type NewMessageRow = NewMessage;
export type ConversationRow = ConversationsTable;
/** A pair's row as a batch writes it, with how many places of its sequence the batch takes. */
export type SeqClaim = Pick<ConversationRow, 'pair_key' | 'user_low' | 'user_high' | 'created_at'> & { count: number };
/** A condition on a person's column: the safety feature's "not hidden from the reader". */
export type OnlyCondition = (column: 'c.user_low' | 'c.user_high' | 'm.sender_id') => Expression<SqlBool>;
export type SenderCondition = (column: 'sender_id') => Expression<SqlBool>;
/**
 * What one reader may see of a conversation: messages from `senders` only (a group's members on the other
 * side of a block are left out), and none after `upToSeq` (someone who left a group reads it up to then).
 */
export interface ReaderLimits {
  senders?: SenderCondition;
  upToSeq?: number;
}
const always = () => sql<boolean>`true`;

/**
 * The user's conversations as one derived table `x`: the pairs they are one of, with nobody hidden, and
 * the groups they are in; each with the id of its last message (by the primary key of messages), which a
 * group takes from people not hidden from the user. Two halves rather than one OR, so each reads its own index.
 */
function conversationKeys(db: Db, userId: string, only: OnlyCondition, kind: ConversationKind | undefined) {
  const lastOf = (eb: ExpressionBuilder<Database & { c: ConversationsTable }, 'c'>, group: boolean) =>
    eb
      .selectFrom('messages as m')
      .select((m) => m.fn.max('m.id').as('id'))
      .whereRef('m.pair_key', '=', 'c.pair_key')
      .$if(group, (q) => q.where(only('m.sender_id')))
      .$asScalar()
      .as('last_message_id');
  const direct = db
    .selectFrom('conversations as c')
    .select(['c.pair_key', 'c.user_low', 'c.user_high', 'c.kind', (eb) => lastOf(eb, false)])
    .where((eb) => eb.or([eb('c.user_low', '=', userId), eb('c.user_high', '=', userId)]))
    .where('c.kind', '=', 'direct')
    .where(only('c.user_low'))
    .where(only('c.user_high'));
  const groups = db
    .selectFrom('conversations as c')
    .select(['c.pair_key', 'c.user_low', 'c.user_high', 'c.kind', (eb) => lastOf(eb, true)])
    .where('c.pair_key', 'in', db.selectFrom('group_members').select('conversation_key').where('user_id', '=', userId))
    .where('c.kind', '=', 'group');
  const both = kind === 'direct' ? direct : kind === 'group' ? groups : direct.unionAll(groups);
  return db.selectFrom(both.as('x'));
}

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

// Long: a repository; each method is one short query.
export function chatRepo(db: Db) {
  /** The messages of a conversation one reader may see. */
  const readable = (pairKey: string, { senders, upToSeq }: ReaderLimits) =>
    db
      .selectFrom('messages')
      .selectAll()
      .where('pair_key', '=', pairKey)
      .$if(senders !== undefined, (q) => q.where(senders!('sender_id')))
      .$if(upToSeq !== undefined, (q) => q.where('seq', '<=', upToSeq!));

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

    /**
     * Takes the next `count` places of each pair's sequence (the pair's row is created if it has none)
     * and answers each pair's `last_seq` before. On PostgreSQL the update holds the pair's row until the
     * transaction ends, so the next batch of the pair, on any node, takes its places after this one
     * commits: seq order is commit order. Pairs go in key order, so two batches never wait on each other
     * in turn (a deadlock).
     */
    async takeSeqs(claims: readonly SeqClaim[]): Promise<Map<string, number>> {
      if (claims.length === 0) return new Map();
      const sorted = [...claims].sort((x, y) => (x.pair_key < y.pair_key ? -1 : x.pair_key > y.pair_key ? 1 : 0));
      const taken = await db
        .insertInto('conversations')
        .values(sorted.map(({ count, ...row }) => ({ ...row, last_seq: count })))
        .onConflict((oc) =>
          oc.column('pair_key').doUpdateSet((eb) => ({ last_seq: eb('conversations.last_seq', '+', eb.ref('excluded.last_seq')) })),
        )
        .returning(['pair_key', 'last_seq'])
        .execute();
      const claimed = new Map(claims.map((c) => [c.pair_key, c.count]));
      return new Map(taken.map((r) => [r.pair_key, Number(r.last_seq) - claimed.get(r.pair_key)!]));
    },

    /** Gives back the places a batch took but did not use (rows already stored): `lastSeq` becomes the pair's last. */
    async setLastSeq(pairKey: string, lastSeq: number): Promise<void> {
      await db.updateTable('conversations').set({ last_seq: lastSeq }).where('pair_key', '=', pairKey).execute();
    },

    async setSeq(pairKey: string, id: string, seq: number): Promise<void> {
      await db.updateTable('messages').set({ seq }).where('pair_key', '=', pairKey).where('id', '=', id).execute();
    },

    /** The seq of a message of the pair; undefined when it is not there (or no longer: a moderator removed it). */
    async seqOf(pairKey: string, id: string): Promise<number | undefined> {
      const row = await db.selectFrom('messages').select('seq').where('pair_key', '=', pairKey).where('id', '=', id).executeTakeFirst();
      return row ? Number(row.seq) : undefined;
    },

    findMessage(pairKey: string, id: string) {
      return db.selectFrom('messages').selectAll().where('pair_key', '=', pairKey).where('id', '=', id).executeTakeFirst();
    },

    /** Keeps the card of the message's link (made once: a second delivery changes nothing). */
    async setLinkPreview(pairKey: string, id: string, card: string): Promise<boolean> {
      const res = await db
        .updateTable('messages')
        .set({ link_preview: card })
        .where('pair_key', '=', pairKey)
        .where('id', '=', id)
        .where('link_preview', 'is', null)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
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

    /**
     * The newest `limit` messages of a conversation older than `before`, newest first, within what the
     * reader may see (`limits`).
     */
    history(pairKey: string, before: string | undefined, limit: number, limits: ReaderLimits = {}) {
      let q = readable(pairKey, limits);
      if (before) q = q.where('id', '<', before);
      return q.orderBy('id', 'desc').limit(limit).execute();
    },

    /** The first `limit` messages of a pair stored after the one with seq `afterSeq`, in the order they were stored. */
    historyAfterSeq(pairKey: string, afterSeq: number, limit: number, limits: ReaderLimits = {}) {
      return readable(pairKey, limits).where('seq', '>', afterSeq).orderBy('seq', 'asc').limit(limit).execute();
    },

    /** The oldest `limit` messages of a pair with an id after `after`, oldest first (ids are time-ordered UUIDv7). */
    historyAfterId(pairKey: string, after: string, limit: number, limits: ReaderLimits = {}) {
      return readable(pairKey, limits).where('id', '>', after).orderBy('id', 'asc').limit(limit).execute();
    },

    /**
     * One page of the user's conversations of both kinds (or `kind`) with the id of their last message,
     * most recent first: the pairs they are one of and the groups they are in. `only` is a condition on a
     * person's column (the safety feature's: nobody hidden from the user): a pair with such a person is
     * left out, and a group's last message is the last one of someone not hidden.
     */
    conversationsOf(userId: string, limit: number, offset: number, only: OnlyCondition = always, kind?: ConversationKind) {
      return conversationKeys(db, userId, only, kind)
        .select(['x.pair_key', 'x.user_low', 'x.user_high', 'x.kind', 'x.last_message_id'])
        .orderBy('x.last_message_id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute();
    },

    /** Every pair the user is one of (direct conversations only). */
    pairsOf(userId: string) {
      return db
        .selectFrom('conversations')
        .selectAll()
        .where((eb) => eb.or([eb('user_low', '=', userId), eb('user_high', '=', userId)]))
        .where('kind', '=', 'direct')
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
    async countConversations(userId: string, only: OnlyCondition = always, kind?: ConversationKind): Promise<number> {
      const row = await conversationKeys(db, userId, only, kind)
        .select((eb) => eb.fn.countAll<number>().as('n'))
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

    /** Unread messages to `receiverId` sent after `since`. */
    async unreadSince(receiverId: string, since: string): Promise<number> {
      const row = await db
        .selectFrom('messages')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('receiver_id', '=', receiverId)
        .where('read_at', 'is', null)
        .where('created_at', '>', since)
        .executeTakeFirstOrThrow();
      return Number(row.n);
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

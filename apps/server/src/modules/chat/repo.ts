/** SQL for messages and the per-pair conversation rows. */
import type { Db } from '../../db';
import type { ConversationsTable, MessagesTable } from '../../db/tables/chat';

export type MessageRow = MessagesTable;
export type ConversationRow = ConversationsTable;

export function chatRepo(db: Db) {
  return {
    /** Writes the message unless the sender already used its client id; true when a row was written. */
    async insertMessage(row: MessageRow): Promise<boolean> {
      const res = await db
        .insertInto('messages')
        .values(row)
        .onConflict((oc) => oc.columns(['sender_id', 'client_message_id']).doNothing())
        .executeTakeFirst();
      return Number(res.numInsertedOrUpdatedRows ?? 0) === 1;
    },

    /** Moves the pair's last message forward, never back (two sends may commit out of order). */
    touchConversation(row: ConversationRow) {
      return db
        .insertInto('conversations')
        .values(row)
        .onConflict((oc) =>
          oc
            .column('pair_key')
            .doUpdateSet({ last_message_id: (eb) => eb.ref('excluded.last_message_id'), updated_at: (eb) => eb.ref('excluded.updated_at') })
            .where('conversations.last_message_id', '<', (eb) => eb.ref('excluded.last_message_id')),
        )
        .execute();
    },

    /** Just the ids of users named (lower-cased) in `names`: a send needs nothing more. */
    usersByNameLower(names: readonly string[]) {
      return db.selectFrom('users').select(['id', 'user_name_lower']).where('user_name_lower', 'in', names).execute();
    },

    userExists(id: string) {
      return db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst().then(Boolean);
    },

    findMessage(id: string) {
      return db.selectFrom('messages').selectAll().where('id', '=', id).executeTakeFirst();
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

    conversationsOf(userId: string, limit: number) {
      return db
        .selectFrom('conversations')
        .selectAll()
        .where((eb) => eb.or([eb('user_low', '=', userId), eb('user_high', '=', userId)]))
        .orderBy('last_message_id', 'desc')
        .limit(limit)
        .execute();
    },

    messagesByIds(ids: readonly string[]) {
      if (ids.length === 0) return Promise.resolve([] as MessageRow[]);
      return db.selectFrom('messages').selectAll().where('id', 'in', ids).execute();
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
export type ChatRepo = ReturnType<typeof chatRepo>;

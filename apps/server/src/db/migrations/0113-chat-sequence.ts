import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * Each message's place in its conversation in the order the server stored them (`messages.seq`, 1, 2, 3 …
 * per pair), and the last place given (`conversations.last_seq`): a client that reconnects asks for what
 * was stored after the last message it holds, which a message id cannot say, since an id is minted before
 * the message is stored and another node may store an older one later.
 *
 * Existing messages are numbered in id order. The columns are added with a default of 0 rather than as
 * nullable: a node of the previous version still running during a rolling deploy keeps storing messages
 * (with 0: outside the sequence, found by reloading the conversation, never by a catch-up) instead of failing.
 * Every write since sets them (modules/chat/message-store.ts, db/sqlite-writer/sqlite-batch.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Numbering every message is one pass over the table: longer than the 5 s a statement may take otherwise.
  if (db.getExecutor().adapter instanceof PostgresAdapter) await sql`set local statement_timeout = '30min'`.execute(db);
  await db.schema
    .alterTable('messages')
    .addColumn('seq', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('conversations')
    .addColumn('last_seq', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`
    update messages set seq = numbered.n
    from (select pair_key, id, row_number() over (partition by pair_key order by id) as n from messages) as numbered
    where messages.pair_key = numbered.pair_key and messages.id = numbered.id`.execute(db);
  // Every pair with messages has its row (a send writes both in one transaction); this makes sure of it.
  await sql`
    insert into conversations (pair_key, user_low, user_high, created_at)
    select pair_key,
      min(case when sender_id < receiver_id then sender_id else receiver_id end),
      max(case when sender_id < receiver_id then receiver_id else sender_id end),
      min(created_at)
    from messages
    where pair_key not in (select pair_key from conversations)
    group by pair_key`.execute(db);
  await sql`
    update conversations set last_seq = coalesce((select max(m.seq) from messages m where m.pair_key = conversations.pair_key), 0)`.execute(
    db,
  );
  await db.schema.createIndex('messages_pair_seq_idx').on('messages').columns(['pair_key', 'seq']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('messages_pair_seq_idx').execute();
  await db.schema.alterTable('conversations').dropColumn('last_seq').execute();
  await db.schema.alterTable('messages').dropColumn('seq').execute();
}

/**
 * One group commit of messages, wherever it runs (the writer thread on SQLite, the request's own process
 * on PostgreSQL): one multi-row INSERT that also settles duplicate `clientMessageId`s, and one recording
 * the pairs that talk for the first time, in one transaction.
 */
import { sql } from 'kysely';
import type { Db, DialectName } from '../../db';
import { chatRepo, type ConversationRow, type MessageRow } from './repo';

export interface WriteResult {
  /** false when the sender's client id was already stored: nothing was written. */
  written: boolean;
  /** The first message the two people ever exchanged. */
  firstInConversation: boolean;
}

/** Plain data, so it crosses a message port: a result per row, in the order of the rows. */
export type BatchOutcome = { ok: WriteResult } | { error: { message: string; code?: string } };

/**
 * PostgreSQL: both inserts in one statement (data-modifying CTEs), so a batch is one round trip to the
 * server and one write to its socket, not four (BEGIN, two inserts, COMMIT). One statement is atomic.
 */
async function writeBatchPostgres(db: Db, rows: readonly MessageRow[]): Promise<WriteResult[]> {
  const pairs = new Map<string, ConversationRow>();
  for (const r of rows) {
    if (pairs.has(r.pair_key)) continue;
    const [low, high] = [r.sender_id, r.receiver_id].sort();
    pairs.set(r.pair_key, { pair_key: r.pair_key, user_low: low, user_high: high, created_at: r.created_at });
  }
  const messages = sql.join(
    rows.map((r) => sql`(${r.id}, ${r.pair_key}, ${r.sender_id}, ${r.receiver_id}, ${r.client_message_id}, ${r.text}, ${r.created_at})`),
  );
  const conversations = sql.join([...pairs.values()].map((p) => sql`(${p.pair_key}, ${p.user_low}, ${p.user_high}, ${p.created_at})`));
  const { rows: stored } = await sql<{ kind: 'message' | 'pair'; key: string }>`
    with m as (
      insert into messages (id, pair_key, sender_id, receiver_id, client_message_id, text, created_at)
      values ${messages}
      on conflict (sender_id, client_message_id) do nothing
      returning id, pair_key
    ), c as (
      insert into conversations (pair_key, user_low, user_high, created_at)
      select p.pair_key, p.user_low, p.user_high, p.created_at
      from (values ${conversations}) as p (pair_key, user_low, user_high, created_at)
      where p.pair_key in (select pair_key from m)
      on conflict (pair_key) do nothing
      returning pair_key
    )
    select 'message' as kind, id as key from m union all select 'pair', pair_key from c`.execute(db);
  const written = new Set(stored.filter((s) => s.kind === 'message').map((s) => s.key));
  const newPairs = new Set(stored.filter((s) => s.kind === 'pair').map((s) => s.key));
  // The pair's first message is the first of its rows in the batch that was written.
  return rows.map((r) => ({ written: written.has(r.id), firstInConversation: written.has(r.id) && newPairs.delete(r.pair_key) }));
}

/** SQLite in memory (tests): a transaction of two inserts. */
async function writeBatchInTransaction(db: Db, rows: readonly MessageRow[]): Promise<WriteResult[]> {
  return db.transaction().execute(async (trx) => {
    const repo = chatRepo(trx);
    const written = await repo.insertMessages(rows);
    const pairs = new Map<string, ConversationRow>();
    for (const r of rows) {
      if (!written.has(r.id) || pairs.has(r.pair_key)) continue;
      const [low, high] = [r.sender_id, r.receiver_id].sort();
      pairs.set(r.pair_key, { pair_key: r.pair_key, user_low: low, user_high: high, created_at: r.created_at });
    }
    const newPairs = await repo.recordConversations([...pairs.values()]);
    return rows.map((r) => ({ written: written.has(r.id), firstInConversation: written.has(r.id) && newPairs.delete(r.pair_key) }));
  });
}

const asOutcomeError = (err: unknown): BatchOutcome => {
  const e = err as { message?: unknown; code?: unknown } | null;
  return { error: { message: String(e?.message ?? err), ...(typeof e?.code === 'string' ? { code: e.code } : {}) } };
};

/** Writes the batch; when it fails (a user deleted meanwhile), writes the rows one by one so one bad row fails alone. */
export async function writeMessageBatch(db: Db, dialect: DialectName, rows: readonly MessageRow[]): Promise<BatchOutcome[]> {
  const writeBatch = dialect === 'postgres' ? writeBatchPostgres : writeBatchInTransaction;
  try {
    return (await writeBatch(db, rows)).map((ok) => ({ ok }));
  } catch (err) {
    if (rows.length === 1) return [asOutcomeError(err)];
    const out: BatchOutcome[] = [];
    for (const row of rows) {
      out.push(
        await writeBatch(db, [row]).then(
          ([ok]) => ({ ok }),
          (e: unknown) => asOutcomeError(e),
        ),
      );
    }
    return out;
  }
}

/** The error a failed row's send answers with, carrying the database's code so errors map as before. */
export function outcomeError(error: { message: string; code?: string }): Error {
  return Object.assign(new Error(error.message), error.code ? { code: error.code } : {});
}

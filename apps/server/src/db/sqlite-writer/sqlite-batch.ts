/**
 * One group commit of chat messages on the writer thread's own SQLite connection: the rules of the chat's
 * plain store (modules/chat/message-store.ts: PostgreSQL's batches and an in-memory SQLite's, through Kysely) with
 * statements prepared once instead of a query built, compiled and prepared per batch. A batch is one
 * transaction; when it fails (a user deleted meanwhile), each row is written in one of its own, so a bad
 * row fails alone.
 */
import type { Database as SQLiteDatabase } from 'better-sqlite3';
import { isSqliteBusy } from '../errors';
import { ROW, ROW_FIELDS, type FlatRows, type RowCode, type RowError } from './protocol';

export interface BatchAnswer {
  codes: RowCode[];
  /** Per row, its place in its conversation (0 when nothing was written). */
  seqs: number[];
  errors: RowError[];
}

/** A batch that finds the write lock taken waits for it in the connection's busy_timeout (thread.ts). */
export function sqliteBatchWriter(sqlite: SQLiteDatabase): (rows: FlatRows) => BatchAnswer {
  const insertMessage = sqlite.prepare(
    `insert into messages (id, pair_key, sender_id, receiver_id, client_message_id, text, created_at, seq, read_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?) on conflict (sender_id, client_message_id) do nothing`,
  );
  // Creates the pair's row or takes its next places; answers the pair's last place after. One writer holds
  // the database while a batch writes, so a seq is given in the order batches commit.
  const takeSeqs = sqlite
    .prepare<[string, string, string, string, number], number>(
      `insert into conversations (pair_key, user_low, user_high, created_at, last_seq) values (?, ?, ?, ?, ?)
       on conflict (pair_key) do update set last_seq = conversations.last_seq + excluded.last_seq returning last_seq`,
    )
    .pluck();
  const setLastSeq = sqlite.prepare('update conversations set last_seq = ? where pair_key = ?');

  /** Writes rows [from, to): a code and a seq per row. */
  const writeRows = (rows: FlatRows, from: number, to: number): Omit<BatchAnswer, 'errors'> => {
    // Per pair: where its first row starts and how many rows it has.
    const pairs = new Map<string, { first: number; count: number }>();
    for (let i = from * ROW_FIELDS; i < to * ROW_FIELDS; i += ROW_FIELDS) {
      const known = pairs.get(rows[i + 1]!);
      if (known) known.count++;
      else pairs.set(rows[i + 1]!, { first: i, count: 1 });
    }
    // Per pair: its last seq before this batch, then the last one given as its rows are written.
    const before = new Map<string, number>();
    for (const [pair, { first: i, count }] of pairs) {
      const [sender, receiver] = [rows[i + 2]!, rows[i + 3]!];
      const low = sender < receiver ? sender : receiver;
      before.set(pair, takeSeqs.get(pair, low, low === sender ? receiver : sender, rows[i + 6]!, count)! - count);
    }
    const last = new Map(before);
    const codes: RowCode[] = [];
    const seqs: number[] = [];
    for (let i = from * ROW_FIELDS; i < to * ROW_FIELDS; i += ROW_FIELDS) {
      const pair = rows[i + 1]!;
      const seq = last.get(pair)! + 1;
      // A group's message names its sender as receiver too, and is never unread one-to-one (modules/chat/groups).
      const readAt = rows[i + 2] === rows[i + 3] ? rows[i + 6] : null;
      if (insertMessage.run(rows[i], pair, rows[i + 2], rows[i + 3], rows[i + 4], rows[i + 5], rows[i + 6], seq, readAt).changes === 0) {
        codes.push(ROW.duplicate);
        seqs.push(0);
        continue;
      }
      codes.push(seq === 1 ? ROW.firstInConversation : ROW.written);
      seqs.push(seq);
      last.set(pair, seq);
    }
    // A retried send already stored takes no place: the pair gives back what it did not use.
    for (const [pair, seq] of last) if (seq !== before.get(pair)! + pairs.get(pair)!.count) setLastSeq.run(seq, pair);
    return { codes, seqs };
  };
  const inTransaction = sqlite.transaction(writeRows);

  return (rows) => {
    const count = rows.length / ROW_FIELDS;
    try {
      return { ...inTransaction.immediate(rows, 0, count), errors: [] };
    } catch (err) {
      // Still locked after the whole wait: row by row would wait that long again for each of them.
      if (count === 1 || isSqliteBusy(err)) {
        return {
          codes: new Array<RowCode>(count).fill(ROW.failed),
          seqs: new Array<number>(count).fill(0),
          errors: Array.from({ length: count }, (_, n) => rowError(n, err)),
        };
      }
      const answer: BatchAnswer = { codes: [], seqs: [], errors: [] };
      for (let n = 0; n < count; n++) {
        try {
          const one = inTransaction.immediate(rows, n, n + 1);
          answer.codes.push(...one.codes);
          answer.seqs.push(...one.seqs);
        } catch (e) {
          answer.codes.push(ROW.failed);
          answer.seqs.push(0);
          answer.errors.push(rowError(n, e));
        }
      }
      return answer;
    }
  };
}

function rowError(index: number, err: unknown): RowError {
  const e = err as { message?: unknown; code?: unknown } | null;
  return { index, message: String(e?.message ?? err), ...(typeof e?.code === 'string' ? { code: e.code } : {}) };
}

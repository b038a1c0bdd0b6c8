/**
 * One group commit of messages on the writer thread's own SQLite connection: the rules of
 * message-batch.ts (which writes PostgreSQL's batches, and an in-memory SQLite's, through Kysely) with
 * statements prepared once instead of a query built, compiled and prepared per batch. A batch is one
 * transaction; when it fails (a user deleted meanwhile), each row is written in one of its own, so a bad
 * row fails alone.
 */
import type { Database as SQLiteDatabase } from 'better-sqlite3';
import { isBusy, whileBusy, WRITER_LOCK_WAIT, type LockWait } from './lock-wait';
import { ROW, ROW_FIELDS, type FlatRows, type RowCode, type RowError } from './protocol';

/** Pair keys remembered as having their conversation row; beyond this the memory starts over. */
const KNOWN_PAIRS_MAX = 100_000;

export interface BatchAnswer {
  codes: RowCode[];
  errors: RowError[];
}

/**
 * The connection is expected to have `busy_timeout = 0`: a batch that finds the write lock taken is tried
 * again on `lockWait`'s short steps (lock-wait.ts) rather than on SQLite's growing sleeps.
 */
export function sqliteBatchWriter(sqlite: SQLiteDatabase, lockWait: LockWait = WRITER_LOCK_WAIT): (rows: FlatRows) => BatchAnswer {
  const insertMessage = sqlite.prepare(
    `insert into messages (id, pair_key, sender_id, receiver_id, client_message_id, text, created_at, read_at)
     values (?, ?, ?, ?, ?, ?, ?, null) on conflict (sender_id, client_message_id) do nothing`,
  );
  const insertPair = sqlite.prepare(
    'insert into conversations (pair_key, user_low, user_high, created_at) values (?, ?, ?, ?) on conflict (pair_key) do nothing',
  );
  // A pair key is made of two account ids, which are never reused, and its row goes only with an account:
  // once it is stored, every later message of the pair can skip the insert (one index probe each).
  const knownPairs = new Set<string>();

  /** Writes rows [from, to) and answers a code per row; the pairs it recorded go into `recorded`. */
  const writeRows = (rows: FlatRows, from: number, to: number, recorded: Set<string>): RowCode[] => {
    const codes: RowCode[] = [];
    for (let i = from * ROW_FIELDS; i < to * ROW_FIELDS; i += ROW_FIELDS) {
      const [sender, receiver, pair, createdAt] = [rows[i + 2]!, rows[i + 3]!, rows[i + 1]!, rows[i + 6]!];
      if (insertMessage.run(rows[i], pair, sender, receiver, rows[i + 4], rows[i + 5], createdAt).changes === 0) {
        codes.push(ROW.duplicate);
        continue;
      }
      let first = false;
      if (!knownPairs.has(pair) && !recorded.has(pair)) {
        first = insertPair.run(pair, sender < receiver ? sender : receiver, sender < receiver ? receiver : sender, createdAt).changes === 1;
        recorded.add(pair);
      }
      codes.push(first ? ROW.firstInConversation : ROW.written);
    }
    return codes;
  };
  const inTransaction = sqlite.transaction(writeRows);

  const committed = (recorded: Set<string>) => {
    if (knownPairs.size + recorded.size > KNOWN_PAIRS_MAX) knownPairs.clear();
    for (const pair of recorded) knownPairs.add(pair);
  };

  return (rows) => {
    const count = rows.length / ROW_FIELDS;
    try {
      let recorded = new Set<string>();
      const codes = whileBusy(() => {
        // A try that was rolled back recorded nothing.
        recorded = new Set<string>();
        return inTransaction.immediate(rows, 0, count, recorded);
      }, lockWait);
      committed(recorded);
      return { codes, errors: [] };
    } catch (err) {
      // Still locked after the whole wait: row by row would wait that long again for each of them.
      if (count === 1 || isBusy(err)) {
        return { codes: new Array<RowCode>(count).fill(ROW.failed), errors: Array.from({ length: count }, (_, n) => rowError(n, err)) };
      }
      const answer: BatchAnswer = { codes: [], errors: [] };
      for (let n = 0; n < count; n++) {
        let recorded = new Set<string>();
        try {
          answer.codes.push(
            ...whileBusy(() => {
              recorded = new Set<string>();
              return inTransaction.immediate(rows, n, n + 1, recorded);
            }, lockWait),
          );
          committed(recorded);
        } catch (e) {
          answer.codes.push(ROW.failed);
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

/**
 * Where a send stores its message: the one seam between the chat's rules (service.ts) and what makes
 * storing fast. The plain store is `insertMessages` below: one Kysely transaction that numbers the messages
 * in their conversations (`seq`), writes them and records the pairs that talk for the first time;
 * group commit (db/group-commit.ts) gathers the sends of a few milliseconds into one call. The same rules
 * run faster elsewhere: on a thread of its own for a SQLite file (db/sqlite-writer/, statements prepared
 * once), as one statement on PostgreSQL (db/postgres-message-batch.ts, which hands back to this store a
 * batch holding a retried send). The choice is made once, in feature.ts.
 */
import { asOutcomeError, type BatchOutcome } from '../../db/group-commit';
import type { Db } from '../../db';
import { isDatabaseUnavailable } from '../../db/errors';
import { chatRepo, type MessageRow, type NewMessageRow, type SeqClaim } from './repo';

export interface InsertResult {
  /** false when the sender's client id was already stored: nothing was written. */
  written: boolean;
  /** The first message the two people ever exchanged. */
  firstInConversation: boolean;
  /** The message's place in its conversation (`messages.seq`); 0 when nothing was written. */
  seq: number;
}

export interface MessageStore {
  /** Stores the message once its transaction commits; a client id the sender already used stores nothing. */
  insert(row: NewMessageRow): Promise<InsertResult>;
  /** Writes what is queued, then lets go of the database (shutdown). */
  close(): Promise<void>;
}

/** The rows of each pair, in the order they came. */
function byPair(rows: readonly NewMessageRow[]): Map<string, NewMessageRow[]> {
  const pairs = new Map<string, NewMessageRow[]>();
  for (const r of rows) {
    const list = pairs.get(r.pair_key);
    if (list) list.push(r);
    else pairs.set(r.pair_key, [r]);
  }
  return pairs;
}

/**
 * One transaction: each pair takes as many places in its sequence as it has rows, the rows are written
 * with them, and a pair where some were already stored (a retried send) gives back what it did not use,
 * so a sequence has no gaps. Seqs follow the commits: the pair's row stays locked until this one ends.
 */
function insertInTransaction(db: Db, rows: readonly NewMessageRow[]): Promise<InsertResult[]> {
  return db.transaction().execute((trx) => numberAndInsert(trx, rows));
}

/**
 * The body of that transaction, for a caller that holds one already: a group's change and its system line
 * are written together (modules/chat/groups).
 */
export async function numberAndInsert(trx: Db, rows: readonly NewMessageRow[]): Promise<InsertResult[]> {
  const repo = chatRepo(trx);
  const pairs = byPair(rows);
  const claims: SeqClaim[] = [...pairs].map(([pair_key, list]) => {
    const [low, high] = [list[0].sender_id, list[0].receiver_id].sort();
    return { pair_key, user_low: low, user_high: high, created_at: list[0].created_at, count: list.length };
  });
  const before = await repo.takeSeqs(claims);
  const last = new Map(before);
  const numbered: MessageRow[] = rows.map((r) => {
    const seq = last.get(r.pair_key)! + 1;
    last.set(r.pair_key, seq);
    return { ...r, seq };
  });
  const planned = new Map(numbered.map((r) => [r.id, r.seq]));
  const written = await repo.insertMessages(numbered);
  const seqs = new Map<string, number>();
  for (const [pair, list] of pairs) {
    let seq = before.get(pair)!;
    for (const r of list) {
      if (!written.has(r.id)) continue;
      seqs.set(r.id, ++seq);
      // Rare: a row before it in the batch was already stored, so its place moves down.
      if (seq !== planned.get(r.id)) await repo.setSeq(pair, r.id, seq);
    }
    if (seq !== last.get(pair)) await repo.setLastSeq(pair, seq);
  }
  return rows.map((r) => {
    const seq = seqs.get(r.id) ?? 0;
    // Places are never given back once used (a removed message keeps its number): 1 is the pair's first message ever.
    return { written: seq > 0, firstInConversation: seq === 1, seq };
  });
}

/**
 * Writes the rows in one transaction; when a row is at fault (a user deleted meanwhile), one by one so a
 * bad row fails alone. When the database is at fault (down, or the statement timed out behind a lock),
 * the whole batch fails at once: row by row, each would wait a statement timeout of its own, and every
 * later send on this node behind them.
 */
export async function insertMessages(db: Db, rows: readonly NewMessageRow[]): Promise<Array<BatchOutcome<InsertResult>>> {
  try {
    return (await insertInTransaction(db, rows)).map((ok) => ({ ok }));
  } catch (err) {
    if (isDatabaseUnavailable(err)) throw err;
    if (rows.length === 1) return [asOutcomeError(err)];
    const out: Array<BatchOutcome<InsertResult>> = [];
    for (const row of rows) {
      out.push(
        await insertInTransaction(db, [row]).then(
          ([ok]) => ({ ok }),
          (e: unknown) => asOutcomeError(e),
        ),
      );
    }
    return out;
  }
}

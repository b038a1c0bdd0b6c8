/**
 * Messages between the SQLite writer thread and the process that owns it. A batch crosses the port as
 * flat arrays of plain values rather than an object per row: structured cloning then copies strings
 * and small numbers, not a property name per field per message.
 */
import type { BatchOutcome } from '../group-commit';
import type { NewMessage } from '../tables/chat';

/** What the thread answers for each chat message it was given. */
export interface StoredMessage {
  /** false when the sender's client id was already stored: nothing was written. */
  written: boolean;
  /** The first message the two people ever exchanged. */
  firstInConversation: boolean;
  /** Its place in its conversation (`messages.seq`); 0 when nothing was written. */
  seq: number;
}

/** What the thread is started with (workerData). */
export interface WriterThreadOptions {
  file: string;
  /**
   * The writer stores batches; the checkpointer, a second thread on a connection of its own, copies the
   * WAL back into the database file every `checkpointMs`. Apart, because a checkpoint's fsync takes
   * milliseconds on a slow disk: in the writer, every message that arrived meanwhile would wait for it.
   */
  role: 'writer' | 'checkpointer';
  checkpointMs: number;
}

/**
 * A new message's columns in the order `rows` carries them; `read_at` is null but on a group's message (its
 * sender in the receiver's place), which is written read.
 */
export const ROW_FIELDS = 7;
export type FlatRows = Array<string | null>;

export type ToWriter = { type: 'write'; batch: number; rows: FlatRows } | { type: 'close' };

/** Per row: already stored (its clientMessageId), stored, stored and the pair's first message, or failed (see `errors`). */
export const ROW = { duplicate: 0, written: 1, firstInConversation: 2, failed: 3 } as const;
export type RowCode = (typeof ROW)[keyof typeof ROW];

export interface RowError {
  index: number;
  message: string;
  code?: string;
}

export type FromWriter =
  | { type: 'ready' }
  /** `seqs`: per row, its place in its conversation (0 when nothing was written). */
  | { type: 'written'; batch: number; codes: RowCode[]; seqs: number[]; errors: RowError[] }
  /** The whole batch failed before any row could be tried (the database could not be opened, say). */
  | { type: 'failed'; batch: number; message: string; code?: string }
  | { type: 'closed' };

export function flattenRows(rows: readonly NewMessage[]): FlatRows {
  const out: FlatRows = new Array<string | null>(rows.length * ROW_FIELDS);
  let i = 0;
  for (const r of rows) {
    out[i++] = r.id;
    out[i++] = r.pair_key;
    out[i++] = r.sender_id;
    out[i++] = r.receiver_id;
    out[i++] = r.client_message_id;
    out[i++] = r.text;
    out[i++] = r.created_at;
  }
  return out;
}

export function outcomesOf(
  codes: readonly RowCode[],
  seqs: readonly number[],
  errors: readonly RowError[],
): Array<BatchOutcome<StoredMessage>> {
  const out: Array<BatchOutcome<StoredMessage>> = codes.map((code, i) =>
    code === ROW.failed
      ? { error: { message: 'The message could not be stored' } }
      : { ok: { written: code !== ROW.duplicate, firstInConversation: code === ROW.firstInConversation, seq: seqs[i] } },
  );
  for (const e of errors) out[e.index] = { error: { message: e.message, ...(e.code ? { code: e.code } : {}) } };
  return out;
}

/**
 * Messages between the chat's writer thread and the process that owns it. A batch crosses the port as
 * flat arrays of plain values rather than an object per row: structured cloning then copies strings
 * and small numbers, not a property name per field per message.
 */
import type { BatchOutcome } from '../message-batch';
import type { MessageRow } from '../repo';

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

/** A new message's columns in the order `rows` carries them; `read_at` is always null. */
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
  | { type: 'written'; batch: number; codes: RowCode[]; errors: RowError[] }
  /** The whole batch failed before any row could be tried (the database could not be opened, say). */
  | { type: 'failed'; batch: number; message: string; code?: string }
  | { type: 'closed' };

export function flattenRows(rows: readonly MessageRow[]): FlatRows {
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

export function outcomesOf(codes: readonly RowCode[], errors: readonly RowError[]): BatchOutcome[] {
  const out: BatchOutcome[] = codes.map((code) =>
    code === ROW.failed
      ? { error: { message: 'The message could not be stored' } }
      : { ok: { written: code !== ROW.duplicate, firstInConversation: code === ROW.firstInConversation } },
  );
  for (const e of errors) out[e.index] = { error: { message: e.message, ...(e.code ? { code: e.code } : {}) } };
  return out;
}

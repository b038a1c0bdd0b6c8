/** Messages between the chat's writer thread and the process that owns it. */
import type { BatchOutcome } from '../message-batch';
import type { MessageRow } from '../repo';

/** What the thread is started with (workerData). */
export interface WriterThreadOptions {
  file: string;
  /** How often the thread checkpoints the WAL into the database file. */
  checkpointMs: number;
}

export type ToWriter = { type: 'write'; batch: number; rows: readonly MessageRow[] } | { type: 'close' };

export type FromWriter =
  | { type: 'ready' }
  | { type: 'written'; batch: number; outcomes: BatchOutcome[] }
  /** The whole batch failed before any row could be tried (the database could not be opened, say). */
  | { type: 'failed'; batch: number; message: string; code?: string }
  | { type: 'closed' };

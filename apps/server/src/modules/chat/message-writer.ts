/**
 * Group commit for messages. Sends that become ready in the same turn of the event loop are written in
 * one transaction: one multi-row INSERT (and one recording pairs that talk for the first time) instead
 * of a transaction per message. Under light load a batch holds one message and costs what a single
 * write would; under heavy load batches grow, which keeps a single SQLite writer ahead of the senders.
 */
import type { Db } from '../../db';
import { chatRepo, type ConversationRow, type MessageRow } from './repo';

const MAX_BATCH = 200;

export interface WriteResult {
  /** false when the sender's client id was already stored: nothing was written. */
  written: boolean;
  /** The first message the two people ever exchanged. */
  firstInConversation: boolean;
}

interface Pending {
  row: MessageRow;
  resolve(result: WriteResult): void;
  reject(err: unknown): void;
}

export interface MessageWriter {
  write(row: MessageRow): Promise<WriteResult>;
}

export function messageWriter(db: Db): MessageWriter {
  let queue: Pending[] = [];
  let scheduled = false;
  let writing = false;

  async function writeBatch(rows: readonly MessageRow[]): Promise<Map<string, WriteResult>> {
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
      const results = new Map<string, WriteResult>();
      for (const r of rows) {
        const first = written.has(r.id) && newPairs.delete(r.pair_key);
        results.set(r.id, { written: written.has(r.id), firstInConversation: first });
      }
      return results;
    });
  }

  async function drain() {
    scheduled = false;
    if (writing) return;
    writing = true;
    try {
      while (queue.length > 0) {
        const batch = queue.slice(0, MAX_BATCH);
        queue = queue.slice(batch.length);
        try {
          const results = await writeBatch(batch.map((p) => p.row));
          for (const p of batch) p.resolve(results.get(p.row.id)!);
        } catch {
          // One bad row (a user deleted meanwhile) must not fail the others: write them one by one.
          for (const p of batch) {
            await writeBatch([p.row]).then(
              (results) => p.resolve(results.get(p.row.id)!),
              (err: unknown) => p.reject(err),
            );
          }
        }
      }
    } finally {
      writing = false;
    }
  }

  return {
    write(row) {
      return new Promise<WriteResult>((resolve, reject) => {
        queue.push({ row, resolve, reject });
        if (!scheduled && !writing) {
          scheduled = true;
          setImmediate(() => void drain());
        }
      });
    },
  };
}

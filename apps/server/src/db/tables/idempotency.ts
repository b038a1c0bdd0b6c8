/** Idempotency keys (src/idempotency/): the first answer to each of a person's keyed writes, kept a day. */
export interface IdempotencyKeysTable {
  user_id: string;
  /** The client's `Idempotency-Key` header. */
  key: string;
  /** A hash of what the first request asked for (method, URL, JSON body): the same key for another write is refused. */
  fingerprint: string;
  /** Null while the first request is still being answered. */
  status_code: number | null;
  /** The first answer's body, as sent. */
  response: string | null;
  /**
   * What the write committed, set in its own transaction (migration 0128): the id it created, or a toggle's
   * outcome. Null until then; with no answer kept, the answer is built again from it.
   */
  result: string | null;
  /** When the first request took the key (ISO time); a row older than a day counts as gone. */
  created_at: string;
}

export interface IdempotencyTables {
  idempotency_keys: IdempotencyKeysTable;
}

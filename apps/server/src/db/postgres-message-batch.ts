/**
 * PostgreSQL's chat batch as one statement: the rules of the chat's plain store (modules/chat/message-store.ts:
 * each pair takes its next places in its sequence, the rows are written with them) as data-modifying CTEs,
 * so a batch is one round trip instead of four (BEGIN, the pairs' places, the rows, COMMIT). One statement
 * is atomic, and the pair's row stays locked until it commits, so seq order is still commit order.
 *
 * It writes only batches with nothing already stored: a row whose client id its sender used before (a
 * retried send) fails the whole statement with a unique violation, which takes no place. The batch then
 * goes to the plain store, which skips that row and gives its place back; so does a batch with any other
 * fault (a person deleted meanwhile). What it earns: bench/README.md § What each fast path earns.
 */
import { sql } from 'kysely';
import type { BatchOutcome, BatchRunner } from './group-commit';
import { isDatabaseUnavailable } from './errors';
import type { Db } from './index';
import type { NewMessage } from './tables/chat';

/** What a stored row answers: as the plain store's `InsertResult`. */
interface Stored {
  written: boolean;
  firstInConversation: boolean;
  seq: number;
}

type Runner = BatchRunner<NewMessage, Stored>;

/**
 * Each row's place within its pair's rows of the batch (1, 2 …), how many rows each pair has, and each
 * pair's first row (whose people and time its conversation row takes if it has none).
 */
function placesInBatch(rows: readonly NewMessage[]) {
  const counts = new Map<string, number>();
  const firstOf = new Map<string, NewMessage>();
  const places = rows.map((r) => {
    const n = (counts.get(r.pair_key) ?? 0) + 1;
    counts.set(r.pair_key, n);
    if (n === 1) firstOf.set(r.pair_key, r);
    return n;
  });
  return { counts, places, firstOf };
}

async function writeAtOnce(db: Db, rows: readonly NewMessage[]): Promise<Array<BatchOutcome<Stored>>> {
  const { counts, places, firstOf } = placesInBatch(rows);
  // Pairs in key order, as the plain store takes them: two batches never wait on each other in turn.
  const pairs = [...firstOf.values()]
    .sort((x, y) => (x.pair_key < y.pair_key ? -1 : x.pair_key > y.pair_key ? 1 : 0))
    .map((r) => {
      const [low, high] = [r.sender_id, r.receiver_id].sort();
      return sql`(${r.pair_key}, ${low}, ${high}, ${r.created_at}, ${counts.get(r.pair_key)}::int)`;
    });
  const messages = rows.map(
    (r, i) =>
      sql`(${r.id}, ${r.pair_key}, ${r.sender_id}, ${r.receiver_id}, ${r.client_message_id}, ${r.text}, ${r.created_at}, ${r.read_at}, ${r.system ?? null}, ${places[i]}::int, ${counts.get(r.pair_key)}::int)`,
  );
  const { rows: stored } = await sql<{ id: string; seq: number }>`
    with taken as (
      insert into conversations (pair_key, user_low, user_high, created_at, last_seq) values ${sql.join(pairs)}
      on conflict (pair_key) do update set last_seq = conversations.last_seq + excluded.last_seq
      returning pair_key, last_seq
    ), batch (id, pair_key, sender_id, receiver_id, client_message_id, text, created_at, read_at, system, place, pair_rows) as (
      values ${sql.join(messages)}
    )
    insert into messages (id, pair_key, sender_id, receiver_id, client_message_id, text, created_at, read_at, system, seq)
    select b.id, b.pair_key, b.sender_id, b.receiver_id, b.client_message_id, b.text, b.created_at, b.read_at, b.system,
      t.last_seq - b.pair_rows + b.place
    from batch b join taken t on t.pair_key = b.pair_key
    returning id, seq`.execute(db);
  const seqs = new Map(stored.map((r) => [r.id, Number(r.seq)]));
  return rows.map((r) => {
    const seq = seqs.get(r.id) ?? 0;
    return { ok: { written: seq > 0, firstInConversation: seq === 1, seq } };
  });
}

/** The one-statement batch, handing to `plain` (the chat's plain store) what it does not write. */
export function postgresMessageBatch(db: Db, plain: Runner['run']): Runner {
  return {
    run: (rows) =>
      writeAtOnce(db, rows).catch((err: unknown) => {
        if (isDatabaseUnavailable(err)) throw err;
        return plain(rows);
      }),
    close: async () => undefined,
  };
}

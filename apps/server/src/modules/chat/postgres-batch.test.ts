import { pairRoom } from '@plaza/contract';
import { describe, expect, it, vi } from 'vitest';
import { postgresMessageBatch } from '../../db/postgres-message-batch';
import { createUser, type TestUser } from '../../../test/factories';
import { dialects, useTestApp } from '../../../test/harness';
import { newId, nowIso } from '../../lib/ids';
import { insertMessages } from './message-store';
import type { NewMessageRow } from './repo';

describe.runIf(dialects().includes('postgres'))("PostgreSQL's one-statement chat batch", () => {
  const t = useTestApp('postgres');

  const row = (from: TestUser, to: TestUser, text: string, over: Partial<NewMessageRow> = {}): NewMessageRow => ({
    id: newId(),
    pair_key: pairRoom(from.user._id, to.user._id),
    sender_id: from.user._id,
    receiver_id: to.user._id,
    client_message_id: newId(),
    text,
    created_at: nowIso(),
    read_at: null,
    ...over,
  });
  const stored = async (a: TestUser, b: TestUser) => {
    const pair = pairRoom(a.user._id, b.user._id);
    const messages = await t.app.ctx.db
      .selectFrom('messages')
      .select(['text', 'seq'])
      .where('pair_key', '=', pair)
      .orderBy('seq')
      .execute();
    const conversation = await t.app.ctx.db.selectFrom('conversations').select('last_seq').where('pair_key', '=', pair).executeTakeFirst();
    return { messages: messages.map((m) => [m.text, Number(m.seq)]), lastSeq: Number(conversation?.last_seq ?? 0) };
  };
  const batchWith = () => {
    const plain = vi.fn((rows: readonly NewMessageRow[]) => insertMessages(t.app.ctx.db, rows));
    return { batch: postgresMessageBatch(t.app.ctx.db, plain), plain };
  };

  it('numbers and writes a batch of several conversations in one go, their first messages marked', async () => {
    const [a, b, c] = [await createUser(t.app), await createUser(t.app), await createUser(t.app)];
    const { batch, plain } = batchWith();
    await batch.run([row(a, b, 'hello b')]);
    const results = await batch.run([row(b, a, 'hi a'), row(a, c, 'hello c'), row(a, b, 'how are you'), row(c, a, 'hi')]);
    expect(results).toEqual([
      { ok: { written: true, firstInConversation: false, seq: 2 } },
      { ok: { written: true, firstInConversation: true, seq: 1 } },
      { ok: { written: true, firstInConversation: false, seq: 3 } },
      { ok: { written: true, firstInConversation: false, seq: 2 } },
    ]);
    expect(plain).not.toHaveBeenCalled();
    expect(await stored(a, b)).toEqual({
      messages: [
        ['hello b', 1],
        ['hi a', 2],
        ['how are you', 3],
      ],
      lastSeq: 3,
    });
    expect(await stored(a, c)).toEqual({
      messages: [
        ['hello c', 1],
        ['hi', 2],
      ],
      lastSeq: 2,
    });
  });

  it('hands a batch holding a retried send to the plain store, which skips it and leaves no gap', async () => {
    const [a, b] = [await createUser(t.app), await createUser(t.app)];
    const { batch, plain } = batchWith();
    await batch.run([row(a, b, 'first', { client_message_id: 'retried' })]);
    const results = await batch.run([row(a, b, 'first again', { client_message_id: 'retried' }), row(b, a, 'second')]);
    expect(plain).toHaveBeenCalledTimes(1);
    expect(results).toEqual([
      { ok: { written: false, firstInConversation: false, seq: 0 } },
      { ok: { written: true, firstInConversation: false, seq: 2 } },
    ]);
    expect(await stored(a, b)).toEqual({
      messages: [
        ['first', 1],
        ['second', 2],
      ],
      lastSeq: 2,
    });
  });

  it('hands a row at fault (its receiver deleted) to the plain store, where it fails alone', async () => {
    const [a, b] = [await createUser(t.app), await createUser(t.app)];
    const { batch, plain } = batchWith();
    const gone = row(a, b, 'to nobody', { receiver_id: newId(), pair_key: pairRoom(a.user._id, newId()) });
    const results = await batch.run([gone, row(a, b, 'to b')]);
    expect(plain).toHaveBeenCalledTimes(1);
    expect(results[0]).toHaveProperty('error');
    expect(results[1]).toEqual({ ok: { written: true, firstInConversation: true, seq: 1 } });
    expect(await stored(a, b)).toEqual({ messages: [['to b', 1]], lastSeq: 1 });
  });
});

import { chatHistoryResponseSchema, messageSchema, pairRoom, type Message } from '@plaza/contract';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { as, createUser, sendChatMessage, type TestUser } from '../../../test/factories';
import { dialects, useTestApp } from '../../../test/harness';
import { bodyOf } from '../../../test/replies';
import { useSecondServer } from '../../../test/second-server';
import { newId, nowIso } from '../../lib/ids';
import { insertMessages, type InsertResult } from './message-store';
import { chatRepo, type NewMessageRow } from './repo';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.each(dialects())("each conversation's sequence (seq) on %s", (dialect) => {
  const t = useTestApp(dialect);
  const second = useSecondServer(t);

  const sendVia = async (app: FastifyInstance, from: TestUser, to: TestUser, text: string, clientMessageId?: string) => {
    const res = await sendChatMessage(app, from, to, text, { clientMessageId });
    expect(res.statusCode, res.body).toBeLessThan(300);
    return bodyOf(res, messageSchema);
  };
  const send = (from: TestUser, to: TestUser, text: string, clientMessageId?: string) => sendVia(t.app, from, to, text, clientMessageId);
  const history = async (a: TestUser, b: TestUser, query = '') =>
    bodyOf(await as(t.app, a)({ method: 'GET', url: `/chats/${a.user._id}/${b.user._id}${query}` }), chatHistoryResponseSchema);
  const storedSeqs = async (a: TestUser, b: TestUser) =>
    (
      await t.app.ctx.db
        .selectFrom('messages')
        .select('seq')
        .where('pair_key', '=', pairRoom(a.user._id, b.user._id))
        .orderBy('seq')
        .execute()
    ).map((r) => Number(r.seq));
  const lastSeq = async (a: TestUser, b: TestUser) =>
    Number(
      (
        await t.app.ctx.db
          .selectFrom('conversations')
          .select('last_seq')
          .where('pair_key', '=', pairRoom(a.user._id, b.user._id))
          .executeTakeFirstOrThrow()
      ).last_seq,
    );
  const row = (from: TestUser, to: TestUser, text: string, over: Partial<NewMessageRow> = {}): NewMessageRow => ({
    id: newId(),
    pair_key: pairRoom(from.user._id, to.user._id),
    sender_id: from.user._id,
    receiver_id: to.user._id,
    client_message_id: null,
    text,
    created_at: nowIso(),
    read_at: null,
    ...over,
  });
  const oneToN = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

  it('numbers a conversation 1, 2, 3 … in the send answers and the history; a repeated clientMessageId takes no number', async () => {
    const [a, b, c] = [await createUser(t.app), await createUser(t.app), await createUser(t.app)];
    expect((await send(a, b, 'one', 'k1')).seq).toBe(1);
    expect((await send(b, a, 'two')).seq).toBe(2);
    const again = await send(a, b, 'one', 'k1');
    expect(again).toMatchObject({ messageText: 'one', seq: 1 });
    expect((await send(a, b, 'three')).seq).toBe(3);
    // Another conversation has a sequence of its own.
    expect((await send(a, c, 'elsewhere')).seq).toBe(1);
    expect((await history(b, a)).map((m) => [m.messageText, m.seq])).toEqual([
      ['one', 1],
      ['two', 2],
      ['three', 3],
    ]);
    expect(await lastSeq(a, b)).toBe(3);
  });

  it('a batch with rows already stored gives back their places: the sequence has no gaps', async () => {
    const [a, b] = [await createUser(t.app), await createUser(t.app)];
    await send(a, b, 'first', 'dup-1');
    const results = await insertMessages(t.app.ctx.db, [
      row(a, b, 'first again', { client_message_id: 'dup-1' }),
      row(a, b, 'second', { client_message_id: 'k2' }),
      row(a, b, 'second again', { client_message_id: 'k2' }),
      row(b, a, 'third'),
    ]);
    expect(results).toEqual([
      { ok: { written: false, firstInConversation: false, seq: 0 } },
      { ok: { written: true, firstInConversation: false, seq: 2 } },
      { ok: { written: false, firstInConversation: false, seq: 0 } },
      { ok: { written: true, firstInConversation: false, seq: 3 } },
    ]);
    expect(await storedSeqs(a, b)).toEqual([1, 2, 3]);
    expect(await lastSeq(a, b)).toBe(3);
    expect((await send(b, a, 'fourth')).seq).toBe(4);
  });

  it('stays dense and in commit order under simultaneous sends through two servers on one database', async () => {
    const [a, b] = [await createUser(t.app), await createUser(t.app)];
    // A reader watching while they are stored must only ever see 1 … n: a place taken before another is committed before it.
    let watching = true;
    const seen: number[][] = [];
    const watcher = (async () => {
      while (watching) {
        seen.push(await storedSeqs(a, b));
        await sleep(2);
      }
    })();
    // Ten each way through each server: the flood limit's burst, per sender and server.
    const sends = [t.app, second()].flatMap((app) => oneToN(10).flatMap((i) => [sendVia(app, a, b, `a${i}`), sendVia(app, b, a, `b${i}`)]));
    const answers = await Promise.all(sends);
    watching = false;
    await watcher;
    expect(answers.map((m) => m.seq).sort((x, y) => x - y)).toEqual(oneToN(40));
    expect(await storedSeqs(a, b)).toEqual(oneToN(40));
    expect(await lastSeq(a, b)).toBe(40);
    const gaps = seen.filter((s) => s.some((seq, i) => seq !== i + 1));
    expect(gaps).toEqual([]);
    expect((await history(a, b, '?limit=100')).map((m) => m.seq).sort((x, y) => x - y)).toEqual(oneToN(40));
  });

  // SQLite has one writer at a time: its batches cannot overlap.
  it.runIf(dialect === 'postgres')(
    "takes the pair's next place only once the batch before it, on another server, has committed",
    async () => {
      const [a, b, c] = [await createUser(t.app), await createUser(t.app), await createUser(t.app)];
      await send(a, b, 'before');
      const db = t.app.ctx.db;
      let first: InsertResult | null = null;
      let second_: Message | null = null;
      const rolledBack = new Error('rolled back');
      // Another send of a's holds the client id 'shared' uncommitted in another conversation: the first batch
      // takes its place in a-b, then waits on that id before it can commit.
      const held = db.transaction().execute(async (trx) => {
        await chatRepo(trx).insertMessages([{ ...row(a, c, 'elsewhere', { client_message_id: 'shared' }), seq: 1 }]);
        const firstBatch = insertMessages(db, [row(a, b, 'first batch', { client_message_id: 'shared' })]);
        void firstBatch.then(([o]) => (first = 'ok' in o ? o.ok : null));
        await sleep(300);
        void sendVia(second(), b, a, 'second batch').then((m) => (second_ = m));
        await sleep(400);
        // The second waits for the first: neither is stored, and nobody sees a place after a missing one.
        expect([first, second_]).toEqual([null, null]);
        expect(await storedSeqs(a, b)).toEqual([1]);
        throw rolledBack;
      });
      await expect(held).rejects.toBe(rolledBack);
      await expect.poll(() => second_, { timeout: 5000 }).not.toBeNull();
      expect(first).toMatchObject({ written: true, seq: 2 });
      expect(second_!.seq).toBe(3);
      expect((await history(a, b)).map((m) => [m.messageText, m.seq])).toEqual([
        ['before', 1],
        ['first batch', 2],
        ['second batch', 3],
      ]);
    },
  );

  it('`after` answers exactly what was stored after a message, even one minted earlier and stored later', async () => {
    const [a, b] = [await createUser(t.app), await createUser(t.app)];
    const held = await send(a, b, 'held');
    // Minted first (the smaller id) on one node, stored after a message minted later on another.
    const [early, late] = [row(b, a, 'minted first, stored last'), row(a, b, 'minted last, stored first')];
    expect(early.id < late.id).toBe(true);
    await insertMessages(t.app.ctx.db, [late]);
    await insertMessages(t.app.ctx.db, [early]);
    const texts = (messages: Message[]) => messages.map((m) => m.messageText);
    expect(texts(await history(b, a, `?after=${late.id}`))).toEqual(['minted first, stored last']);
    expect(texts(await history(b, a, `?after=${held._id}`))).toEqual(['minted last, stored first', 'minted first, stored last']);
    expect(texts(await history(b, a, `?after=${held._id}&limit=1`))).toEqual(['minted last, stored first']);
    expect(await history(b, a, `?after=${early.id}`)).toEqual([]);
  });

  it('`after` a message that was removed since answers the messages with a later id', async () => {
    const [a, b] = [await createUser(t.app), await createUser(t.app)];
    const [one, two, three] = [await send(a, b, 'one'), await send(b, a, 'two'), await send(a, b, 'three')];
    expect(await chatRepo(t.app.ctx.db).deleteById(two._id)).toBe(true);
    expect((await history(a, b, `?after=${two._id}`)).map((m) => m._id)).toEqual([three._id]);
    expect((await history(a, b, `?after=${one._id}`)).map((m) => m.seq)).toEqual([3]);
  });
});

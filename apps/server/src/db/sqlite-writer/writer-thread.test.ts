import { pairRoom } from '@plaza/contract';
import SQLite from 'better-sqlite3';
import { statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories';
import { useTestApp } from '../../../test/harness';
import { newId, nowIso } from '../../lib/ids';
import { groupCommit } from '../group-commit';
import type { NewMessage as MessageRow } from '../tables/chat';
import { threadBatchRunner } from './client';
import { flattenRows, ROW } from './protocol';
import { sqliteBatchWriter } from './sqlite-batch';

describe("the chat's writer thread (SQLite)", () => {
  const t = useTestApp('sqlite');
  const file = () => (t.config.database as { file: string }).file;
  const log = () => t.app.log;
  /** Another connection holds the write lock for `ms` (a post's fan-out batch on the server's connection, say); resolves once it let go. */
  const lockHeldFor = (ms: number) => {
    const other = new SQLite(file());
    other.exec('begin immediate');
    return new Promise<void>((resolve) =>
      setTimeout(() => {
        other.exec('rollback');
        other.close();
        resolve();
      }, ms),
    );
  };
  const row = (a: string, b: string, text: string, clientMessageId: string | null = null): MessageRow => ({
    id: newId(),
    pair_key: pairRoom(a, b),
    sender_id: a,
    receiver_id: b,
    client_message_id: clientMessageId,
    text,
    created_at: nowIso(),
    read_at: null,
  });
  const stored = (a: string, b: string) =>
    t.app.ctx.db.selectFrom('messages').select(['text']).where('pair_key', '=', pairRoom(a, b)).orderBy('id').execute();

  it('stores messages in order, answers a repeated clientMessageId as not written, and says which message began a conversation', async () => {
    const [a, b] = [(await createUser(t.app)).user._id, (await createUser(t.app)).user._id];
    const writer = groupCommit(threadBatchRunner(t.app.ctx.db, file(), log()));
    try {
      const results = await Promise.all([
        writer.insert(row(a, b, 'one', 'k1')),
        writer.insert(row(b, a, 'two')),
        writer.insert(row(a, b, 'three')),
        writer.insert(row(a, b, 'one again', 'k1')),
      ]);
      expect(results).toEqual([
        { written: true, firstInConversation: true, seq: 1 },
        { written: true, firstInConversation: false, seq: 2 },
        { written: true, firstInConversation: false, seq: 3 },
        { written: false, firstInConversation: false, seq: 0 },
      ]);
      expect((await stored(a, b)).map((m) => m.text)).toEqual(['one', 'two', 'three']);
      expect(await writer.insert(row(a, b, 'later', 'k1'))).toEqual({ written: false, firstInConversation: false, seq: 0 });
      expect(await writer.insert(row(b, a, 'in a later batch'))).toEqual({ written: true, firstInConversation: false, seq: 4 });
    } finally {
      await writer.close();
    }
  });

  it('copies the WAL back into the database file from its checkpointer while the writer goes on', async () => {
    const [a, b] = [(await createUser(t.app)).user._id, (await createUser(t.app)).user._id];
    const writer = groupCommit(threadBatchRunner(t.app.ctx.db, file(), log(), { checkpointMs: 50 }));
    try {
      await writer.insert(row(a, b, 'first'));
      await new Promise((r) => setTimeout(r, 200));
      const before = statSync(file()).size;
      // About 600 KB of messages: pages that reach the database file only through a checkpoint.
      await Promise.all(Array.from({ length: 300 }, (_, i) => writer.insert(row(a, b, `${i} ${'x'.repeat(2000)}`))));
      await expect.poll(() => statSync(file()).size, { timeout: 5000 }).toBeGreaterThan(before + 300_000);
      expect(await stored(a, b)).toHaveLength(301);
    } finally {
      await writer.close();
    }
  });

  it('fails only the row whose sender is gone, with the database error, and stores the rest of its batch', async () => {
    const [a, b] = [(await createUser(t.app)).user._id, (await createUser(t.app)).user._id];
    const writer = groupCommit(threadBatchRunner(t.app.ctx.db, file(), log()));
    try {
      const [ok, gone] = await Promise.allSettled([writer.insert(row(a, b, 'fine')), writer.insert(row(newId(), b, 'nobody'))]);
      expect(ok.status).toBe('fulfilled');
      expect(gone).toMatchObject({ status: 'rejected', reason: { code: 'SQLITE_CONSTRAINT_FOREIGNKEY' } });
      expect((await stored(a, b)).map((m) => m.text)).toEqual(['fine']);
    } finally {
      await writer.close();
    }
  });

  it('answers 503 instead of hanging when the thread cannot start, and works again once it can', async () => {
    const [a, b] = [(await createUser(t.app)).user._id, (await createUser(t.app)).user._id];
    let target = path.join(file(), 'no-such-dir', 'x.sqlite');
    const broken = groupCommit(threadBatchRunner(t.app.ctx.db, target, log()));
    await expect(broken.insert(row(a, b, 'lost'))).rejects.toMatchObject({ statusCode: 503 });
    await broken.close();
    target = file();
    const writer = groupCommit(threadBatchRunner(t.app.ctx.db, target, log()));
    await expect(writer.insert(row(a, b, 'kept'))).resolves.toMatchObject({ written: true });
    await writer.close();
  });

  it('answers 503 when the thread stays silent past its deadline, and the next write gets a fresh thread', async () => {
    const [a, b] = [(await createUser(t.app)).user._id, (await createUser(t.app)).user._id];
    const writer = groupCommit(threadBatchRunner(t.app.ctx.db, file(), log(), { answerWithinMs: 300 }));
    await writer.insert(row(a, b, 'while it is well'));
    // Another connection holds the write lock longer than the deadline: the thread waits (busy_timeout), the send must not.
    const other = new SQLite(file());
    other.exec('begin immediate');
    try {
      const started = Date.now();
      await expect(writer.insert(row(a, b, 'stuck'))).rejects.toMatchObject({ statusCode: 503 });
      expect(Date.now() - started).toBeLessThan(3000);
    } finally {
      other.exec('rollback');
      other.close();
    }
    await expect(writer.insert(row(a, b, 'after'))).resolves.toMatchObject({ written: true });
    await writer.close();
  });

  it('stores a batch that found the write lock taken once the other connection lets go of it', async () => {
    const [a, b] = [(await createUser(t.app)).user._id, (await createUser(t.app)).user._id];
    const writer = groupCommit(threadBatchRunner(t.app.ctx.db, file(), log()));
    await writer.insert(row(a, b, 'while it is free'));
    const released = lockHeldFor(150);
    try {
      await expect(writer.insert(row(a, b, 'waited for the lock'))).resolves.toMatchObject({ written: true });
    } finally {
      await released;
      await writer.close();
    }
    expect((await stored(a, b)).map((m) => m.text)).toEqual(['while it is free', 'waited for the lock']);
  });

  it('writes everything queued before it closes (shutdown drains it)', async () => {
    const [a, b] = [(await createUser(t.app)).user._id, (await createUser(t.app)).user._id];
    const writer = groupCommit(threadBatchRunner(t.app.ctx.db, file(), log()));
    const texts = Array.from({ length: 50 }, (_, i) => `m${i}`);
    const writes = texts.map((text) => writer.insert(row(a, b, text)));
    await writer.close();
    expect((await Promise.all(writes)).every((r) => r.written)).toBe(true);
    expect((await stored(a, b)).map((m) => m.text)).toEqual(texts);
    await expect(writer.insert(row(a, b, 'too late'))).rejects.toMatchObject({ statusCode: 503 });
  });

  it('fails every row of a batch with SQLITE_BUSY once busy_timeout is over, without trying each row again', async () => {
    const [a, b] = [(await createUser(t.app)).user._id, (await createUser(t.app)).user._id];
    const other = new SQLite(file());
    other.exec('begin immediate');
    // The batch as the thread writes it, on a busy_timeout of 50 ms in place of its 5 s.
    const own = new SQLite(file());
    own.pragma('busy_timeout = 50');
    try {
      const write = sqliteBatchWriter(own);
      const started = performance.now();
      const answer = write(flattenRows([row(a, b, 'one'), row(b, a, 'two'), row(a, b, 'three')]));
      const took = performance.now() - started;
      expect(answer.codes).toEqual([ROW.failed, ROW.failed, ROW.failed]);
      expect(answer.errors.map((e) => [e.index, e.code])).toEqual([0, 1, 2].map((index) => [index, 'SQLITE_BUSY']));
      // One wait for the batch; trying each row again would wait three more.
      expect(took).toBeGreaterThanOrEqual(45);
      expect(took).toBeLessThan(190);
    } finally {
      own.close();
      other.exec('rollback');
      other.close();
    }
    expect(await stored(a, b)).toEqual([]);
  });
});

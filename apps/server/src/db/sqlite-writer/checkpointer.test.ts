import { pairRoom } from '@plaza/contract';
import { sql } from 'kysely';
import { mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories';
import { useTestApp } from '../../../test/harness';
import { createDb, type Db } from '..';
import { newId, nowIso } from '../../lib/ids';
import { threadBatchRunner } from './client';

const autoCheckpointPages = async (db: Db) =>
  (await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(db)).rows[0].wal_autocheckpoint;

describe('the checkpointer thread (SQLite)', () => {
  const t = useTestApp('sqlite');
  const file = () => (t.config.database as { file: string }).file;

  it("checkpoints the server's own writes from the start, before anyone has sent a message", async () => {
    const db = t.app.ctx.db;
    // The server's connection leaves checkpoints to the thread without a chat message having started anything.
    await expect.poll(() => autoCheckpointPages(db), { timeout: 10_000 }).toBe(0);
    const [a, b] = [(await createUser(t.app)).user._id, (await createUser(t.app)).user._id];
    await new Promise((r) => setTimeout(r, 1500));
    const before = statSync(file()).size;
    // About 600 KB written on the server's connection: short of the 1,000 pages (4 MB) after which a commit
    // there would checkpoint on its own, so only the thread brings them into the database file.
    for (let i = 0; i < 300; i++) {
      await db
        .insertInto('messages')
        .values({
          id: newId(),
          pair_key: pairRoom(a, b),
          sender_id: a,
          receiver_id: b,
          client_message_id: null,
          seq: i + 1,
          text: `${i} ${'x'.repeat(2000)}`,
          created_at: nowIso(),
          read_at: null,
        })
        .execute();
    }
    await expect.poll(() => statSync(file()).size, { timeout: 5000 }).toBeGreaterThan(before + 300_000);
  });

  it('starts a checkpointer that could not start again later, and the connection checkpoints on its own meanwhile', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'plaza-checkpointer-'));
    const { db } = createDb({ kind: 'sqlite', file: path.join(dir, 'server.sqlite') });
    // The thread's file is in a folder that does not exist yet: it fails to open until the folder is made.
    const later = path.join(dir, 'not-yet', 'server.sqlite');
    const runner = threadBatchRunner(db, later, t.app.log, { restartCheckpointerMs: 100 });
    try {
      await new Promise((r) => setTimeout(r, 1000));
      expect(await autoCheckpointPages(db)).toBe(1000);
      mkdirSync(path.dirname(later));
      await expect.poll(() => autoCheckpointPages(db), { timeout: 10_000 }).toBe(0);
    } finally {
      await runner.close();
      expect(await autoCheckpointPages(db)).toBe(1000);
      await db.destroy();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

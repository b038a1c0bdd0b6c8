/**
 * Chat sends while PostgreSQL holds the messages table locked (a migration, a `LOCK TABLE` by hand): each
 * send answers within the statement timeout and a second, stored (201) or refused with 503 and
 * `Retry-After`; a failed batch is not tried again row by row, each row waiting a statement timeout of
 * its own; sends after the lock are not stuck behind it; and every acknowledged message is stored.
 * PostgreSQL only: SQLite has no table locks of this kind (the global setup says when it is missing).
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createUser, sendChatMessage, type TestUser } from '../../../test/factories';
import { dialects, useTestApp } from '../../../test/harness';

const STATEMENT_TIMEOUT_S = 1;
/** What a send may take at most: the statement timeout, and a second for the rest of the request. */
const ANSWER_WITHIN_MS = (STATEMENT_TIMEOUT_S + 1) * 1000;
const LOCK_MS = 6000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.runIf(dialects().includes('postgres'))('chat sends while the messages table is locked (postgres)', () => {
  const t = useTestApp('postgres', { DATABASE_STATEMENT_TIMEOUT: String(STATEMENT_TIMEOUT_S) });

  const send = async (from: TestUser, to: TestUser, text: string) => {
    const started = Date.now();
    const res = await sendChatMessage(t.app, from, to, text, { clientMessageId: randomUUID() });
    return { status: res.statusCode, ms: Date.now() - started, retryAfter: res.headers['retry-after'], body: res.body };
  };

  it('answers every send in time, stores what it acknowledged, and is not held up once the lock goes', async () => {
    const people = await Promise.all(Array.from({ length: 8 }, () => createUser(t.app)));
    const config = t.app.ctx.config.database;
    if (config.kind !== 'postgres') throw new Error('a PostgreSQL app was expected');
    const locker = new pg.Client({ connectionString: config.url });
    await locker.connect();
    try {
      await locker.query('begin');
      await locker.query('lock table messages in access exclusive mode');
      const lockedAt = Date.now();
      // Sends from four pairs every 100 ms while the lock holds, as people go on typing.
      const answers: Array<Promise<Awaited<ReturnType<typeof send>>>> = [];
      for (let i = 0; Date.now() - lockedAt < LOCK_MS - 500; i++) {
        const from = people[i % people.length];
        const to = people[(i + 1) % people.length];
        answers.push(send(from, to, `during the lock ${i}`));
        await sleep(100);
      }
      await sleep(Math.max(0, lockedAt + LOCK_MS - Date.now()));
      await locker.query('rollback');
      // Right after the lock: sends go through at once, not behind what queued during it.
      const after = await Promise.all([0, 1, 2, 3].map((i) => send(people[i], people[i + 4], `after the lock ${i}`)));
      const during = await Promise.all(answers);

      const slow = during.filter((a) => a.ms > ANSWER_WITHIN_MS);
      const unexpected = during.filter((a) => a.status !== 201 && a.status !== 503);
      const refusedWithoutRetryAfter = during.filter((a) => a.status === 503 && !a.retryAfter);
      expect(unexpected.map((a) => `${a.status} ${a.body}`)).toEqual([]);
      expect(slow.map((a) => `${a.status} after ${a.ms} ms`)).toEqual([]);
      expect(refusedWithoutRetryAfter).toHaveLength(0);
      expect(after.map((a) => a.status)).toEqual([201, 201, 201, 201]);
      expect(Math.max(...after.map((a) => a.ms))).toBeLessThan(1000);

      const acknowledged = [...during, ...after].filter((a) => a.status === 201).map((a) => (JSON.parse(a.body) as { _id: string })._id);
      const stored = await t.app.ctx.db.selectFrom('messages').select('id').where('id', 'in', acknowledged).execute();
      expect(stored).toHaveLength(acknowledged.length);
    } finally {
      await locker.end();
    }
  }, 30_000);
});

/**
 * The operator's metrics of the chat's engine and the sockets, each read from `/metrics` after causing
 * what it counts: the chat writer's queue while the messages table is held locked and its batch times,
 * sends over a socket refused (by error, the server's own failure included), and sockets gone by reason.
 */
import { CHAT_ACK_ERRORS, type AckResult } from '@plaza/contract';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createUser, sendChatMessage, type TestUser } from '../../test/factories';
import { dialects, useTestApp, type TestApp } from '../../test/harness';
import { befriend, connectAs, sleep, type ChatClient } from '../modules/chat/testing';

const value = (text: string, series: string) => {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};
const scrape = async (t: TestApp) => (await t.app.inject({ method: 'GET', url: '/metrics' })).body;

/** Holds the write lock on the messages until `release()`: another connection, as a long transaction would. */
async function lockMessages(t: TestApp): Promise<{ release(): Promise<void> }> {
  const db = t.config.database;
  if (db.kind === 'sqlite') {
    const other = new SQLite(db.file);
    other.exec('begin immediate');
    return {
      release: async () => {
        other.exec('commit');
        other.close();
      },
    };
  }
  const other = new pg.Client({ connectionString: db.url });
  await other.connect();
  await other.query('begin');
  await other.query('lock table messages in exclusive mode');
  return {
    release: async () => {
      await other.query('commit');
      await other.end();
    },
  };
}

const sendOverSocket = (s: ChatClient, from: TestUser, to: TestUser, messageContent: string) =>
  new Promise<AckResult>((resolve) =>
    (s.emit as (e: string, p: unknown, ack: (r: AckResult) => void) => void).call(
      s,
      'sendMessage',
      { messageSenderUsername: from.user.userName, messageReceiverUsername: to.user.userName, messageContent },
      resolve,
    ),
  );

describe.each(dialects())('operator metrics on %s', (dialect) => {
  const t = useTestApp(dialect, {}, { listen: true });

  it("shows the chat writer's queue while its table is locked, and the time its batch took", async () => {
    const [a, b] = [await createUser(t.app), await createUser(t.app)];
    await befriend(t.app, a.user._id, b.user._id);
    expect(value(await scrape(t), 'plaza_chat_writer_queue_depth')).toBe(0);

    const lock = await lockMessages(t);
    const sends = Array.from({ length: 5 }, (_, i) => sendChatMessage(t.app, a, b, `queued ${i}`));
    await expect.poll(async () => value(await scrape(t), 'plaza_chat_writer_queue_depth'), { timeout: 3000 }).toBe(5);
    await sleep(300);
    await lock.release();
    expect((await Promise.all(sends)).map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201]);

    const text = await scrape(t);
    expect(value(text, 'plaza_chat_writer_queue_depth')).toBe(0);
    expect(value(text, 'plaza_chat_writer_batch_seconds_count{outcome="ok"}')).toBeGreaterThanOrEqual(1);
    // The batch that waited for the lock took at least as long as the lock was held after it was queued.
    expect(value(text, 'plaza_chat_writer_batch_seconds_bucket{le="0.25",outcome="ok"}')).toBeLessThan(
      value(text, 'plaza_chat_writer_batch_seconds_count{outcome="ok"}') ?? 0,
    );
  });

  it('counts handshakes refused, by reason', async () => {
    const series = 'plaza_socket_handshake_refusals_total{reason="unauthorized"}';
    const before = value(await scrape(t), series) ?? 0;
    await expect(connectAs(t.url, null, { token: 'not-a-token' })).rejects.toThrow('unauthorized');
    await expect(connectAs(t.url, null)).rejects.toThrow('unauthorized');
    expect(value(await scrape(t), series)).toBe(before + 2);
  });

  it('counts sends over a socket refused by error, and sockets gone by reason', async () => {
    const [a, b, stranger] = [await createUser(t.app), await createUser(t.app), await createUser(t.app)];
    await befriend(t.app, a.user._id, b.user._id);
    const before = await scrape(t);
    const socket = await connectAs(t.url, a);
    expect(await sendOverSocket(socket, a, b, 'fine')).toMatchObject({ status: 'ok' });
    expect(await (socket.emitWithAck as (e: string, p: unknown) => Promise<AckResult>)('sendMessage', 'garbage')).toEqual({
      status: 'error',
      error: CHAT_ACK_ERRORS.invalid,
    });
    expect(await sendOverSocket(socket, b, stranger, 'as someone else')).toMatchObject({ status: 'error' });
    socket.close();

    const series = (error: string) => `plaza_chat_socket_send_failures_total{error="${error}"}`;
    const gone = 'plaza_socket_disconnects_total{reason="client namespace disconnect"}';
    await expect.poll(async () => value(await scrape(t), gone)).toBe((value(before, gone) ?? 0) + 1);
    const after = await scrape(t);
    expect(value(after, series('invalid_payload'))).toBe((value(before, series('invalid_payload')) ?? 0) + 1);
    const refused = Object.values(CHAT_ACK_ERRORS).reduce(
      (n, e) => n + (value(after, series(e)) ?? 0) - (value(before, series(e)) ?? 0),
      0,
    );
    expect(refused).toBe(2);
  });
});

describe.skipIf(!dialects().includes('postgres'))('operator metrics when the chat cannot store', () => {
  const t = useTestApp('postgres', { DATABASE_STATEMENT_TIMEOUT: '0.5' }, { listen: true });

  it("counts the writer's failed batch and the socket send it refused as failed", async () => {
    const [a, b] = [await createUser(t.app), await createUser(t.app)];
    await befriend(t.app, a.user._id, b.user._id);
    const socket = await connectAs(t.url, a);
    const lock = await lockMessages(t);
    try {
      expect(await sendOverSocket(socket, a, b, 'cannot be stored')).toEqual({ status: 'error', error: CHAT_ACK_ERRORS.failed });
    } finally {
      await lock.release();
      socket.close();
    }
    const text = await scrape(t);
    expect(value(text, 'plaza_chat_writer_batch_seconds_count{outcome="failed"}')).toBeGreaterThanOrEqual(1);
    expect(value(text, 'plaza_chat_socket_send_failures_total{error="failed"}')).toBe(1);
    expect(value(text, 'plaza_chat_writer_queue_depth')).toBe(0);
  });
});

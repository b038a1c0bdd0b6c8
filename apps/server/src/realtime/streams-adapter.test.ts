/** The socket.io Redis Streams adapter as Plaza sets it up: what a node hears from the others, from its start. */
import { Redis } from 'ioredis';
import { pino } from 'pino';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { io as connectClient } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { REDIS_TEST_URL } from '../../test/global-setup';
import { dropRedisPrefix, redisProblem } from '../../test/redis';
import { connectRedis, type RedisConnections } from '../lib/redis';
import { streamsAdapter } from './redis';

const redisMissing = await redisProblem();

describe.skipIf(redisMissing)('the cross-node stream', () => {
  const prefix = `plaza-test:${process.pid}:${Date.now().toString(36)}:streams:`;
  const closers: Array<() => unknown> = [];
  afterAll(async () => {
    for (const close of closers.reverse()) await close();
    await dropRedisPrefix(prefix);
  });
  const connections = () => {
    const c = connectRedis(REDIS_TEST_URL, pino({ level: 'silent' }));
    closers.push(() => c.close());
    return c;
  };

  it('reaches a node whose first read of the stream comes late (a busy start) with what others sent before it', async () => {
    const first = connections();
    const ioFirst = new Server({ adapter: streamsAdapter(first, prefix).adapter });
    closers.push(() => ioFirst.of('/').adapter.close());

    // The second node's reader sends its first XREAD only when the test says so.
    let openGate = () => {};
    const gate = new Promise<void>((resolve) => (openGate = resolve));
    const late: RedisConnections = {
      ...connections(),
      dedicated() {
        const reader = new Redis(REDIS_TEST_URL);
        closers.push(() => reader.disconnect());
        const xread = reader.xread.bind(reader) as (...args: unknown[]) => Promise<unknown>;
        (reader as unknown as { xread: typeof xread }).xread = async (...args) => {
          await gate;
          return xread(...args);
        };
        return reader;
      },
    };
    const second = streamsAdapter(late, prefix);
    const http = createServer();
    const ioSecond = new Server(http, { adapter: second.adapter });
    ioSecond.on('connection', (socket) => void socket.join('room'));
    closers.push(() => ioSecond.close());
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    await new Promise((r) => setTimeout(r, 200));
    expect(second.reading()).toBe(true);

    const client = connectClient(`http://127.0.0.1:${(http.address() as AddressInfo).port}`, { transports: ['websocket'] });
    closers.push(() => client.close());
    await new Promise<void>((resolve) => client.once('connect', () => resolve()));
    const heard = new Promise<string>((resolve) => client.once('hello', resolve));
    // Sent by the first node while the second has not read yet: it must still get there.
    ioFirst.to('room').emit('hello', 'from the first node');
    await new Promise((r) => setTimeout(r, 300));
    openGate();
    const timeout = new Promise<string>((resolve) => setTimeout(() => resolve('nothing within 3 s'), 3000));
    expect(await Promise.race([heard, timeout])).toBe('from the first node');
  });

  it('does not decode what the node wrote itself, and still hears the other nodes', async () => {
    const ioFirst = new Server({ adapter: streamsAdapter(connections(), prefix).adapter });
    closers.push(() => ioFirst.of('/').adapter.close());
    const second = streamsAdapter(connections(), prefix);
    const http = createServer();
    const ioSecond = new Server(http, { adapter: second.adapter });
    ioSecond.on('connection', (socket) => void socket.join('room'));
    closers.push(() => ioSecond.close());
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    // What each node's adapter is handed to decode, by the node that wrote it.
    const decodedBy = (io: Server) => {
      const adapter = io.of('/').adapter as unknown as { uid: string; onRawMessage(raw: { uid?: string }, offset: string): void };
      const writers: Array<string | undefined> = [];
      const original = adapter.onRawMessage.bind(adapter);
      adapter.onRawMessage = (raw, offset) => {
        writers.push(raw.uid);
        original(raw, offset);
      };
      return { uid: adapter.uid, writers };
    };
    const first = decodedBy(ioFirst);
    const secondSeen = decodedBy(ioSecond);
    await new Promise((r) => setTimeout(r, 200));

    const client = connectClient(`http://127.0.0.1:${(http.address() as AddressInfo).port}`, { transports: ['websocket'] });
    closers.push(() => client.close());
    await new Promise<void>((resolve) => client.once('connect', () => resolve()));
    const heard: string[] = [];
    client.on('hello', (text: string) => heard.push(text));
    for (let i = 0; i < 5; i++) ioFirst.to('room').emit('hello', `from the first node ${i}`);
    ioSecond.to('room').emit('hello', 'from the second node');
    await new Promise((r) => setTimeout(r, 500));

    // The first node's in its order; the second node's own emit is delivered without the round trip.
    expect(heard.filter((text) => text.startsWith('from the first'))).toEqual([0, 1, 2, 3, 4].map((i) => `from the first node ${i}`));
    expect(heard).toContain('from the second node');
    expect(first.writers.filter((uid) => uid === first.uid)).toEqual([]);
    expect(secondSeen.writers.filter((uid) => uid === secondSeen.uid)).toEqual([]);
    expect(secondSeen.writers.filter((uid) => uid === first.uid).length).toBeGreaterThanOrEqual(5);
  });
});

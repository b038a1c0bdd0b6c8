/**
 * Delivery that does not depend on Redis being up: two nodes over one Redis, reached through a proxy the
 * test cuts. A message sent through one node while Redis is away never reaches a socket on the other;
 * once Redis is back, that socket is told `resync` and the catch-up by id finds the message.
 */
import { messageSchema, pairRoom } from '@plaza/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { as, createUser, sendChatMessage, type TestUser } from '../../test/factories';
import { REDIS_TEST_URL } from '../../test/global-setup';
import { useTestApp } from '../../test/harness';
import { dropRedisPrefix, redisProblem } from '../../test/redis';
import { bodyOf } from '../../test/replies';
import { startTcpProxy, type TcpProxy } from '../../test/tcp-proxy';
import { befriend, collect, connectAs, nextEvent, sleep, type ChatClient } from '../modules/chat/testing';

const redisMissing = await redisProblem();

describe.runIf(!redisMissing)('two nodes when Redis goes away and comes back', () => {
  const prefix = `plaza-test:${process.pid}:${Date.now().toString(36)}:resync:`;
  const redisUrl = new URL(REDIS_TEST_URL);
  let proxy: TcpProxy;
  const env: Record<string, string> = {};
  beforeAll(async () => {
    proxy = await startTcpProxy({ host: redisUrl.hostname, port: Number(redisUrl.port || 6379) });
    Object.assign(env, {
      REDIS_URL: `redis://127.0.0.1:${proxy.port}`,
      REDIS_KEY_PREFIX: prefix,
      REDIS_COMMAND_TIMEOUT: '1',
      REDIS_CONNECT_TIMEOUT: '1',
    });
  });
  afterAll(async () => {
    await proxy?.close();
    await dropRedisPrefix(prefix);
  });

  const t = useTestApp('sqlite', env, { listen: true });
  let second: FastifyInstance;
  const open: ChatClient[] = [];
  beforeAll(async () => {
    second = await buildApp(t.config, { logger: false });
    await second.ready();
  });
  afterEach(() => {
    for (const s of open.splice(0)) s.close();
    proxy.restore();
  });
  afterAll(async () => {
    await second?.close();
  });

  async function listening(who: TestUser, other: TestUser): Promise<ChatClient> {
    const socket = await connectAs(t.url, who);
    open.push(socket);
    const joined = nextEvent(socket, 'roomJoined');
    socket.emit('joinRoom', { room: pairRoom(who.user._id, other.user._id), userId: who.user._id, username: who.user.userName });
    await joined;
    return socket;
  }

  it('tells the socket on the other node to resync, and its catch-up by id finds what it missed', async () => {
    const [a, b] = [await createUser(t.app), await createUser(t.app)];
    await befriend(t.app, a.user._id, b.user._id);
    const sb = await listening(b, a);
    const pushed = collect(sb, 'receiveMessage');
    const resyncs = collect(sb, 'resync');

    // Both nodes up: node 2's message reaches node 1's socket.
    const arrived = nextEvent(sb, 'receiveMessage');
    const before = bodyOf(await sendChatMessage(second, a, b, 'before the cut'), messageSchema);
    expect((await arrived)._id).toBe(before._id);

    proxy.cut();
    await sleep(300);
    const sent = await sendChatMessage(second, a, b, 'while Redis is away');
    expect(sent.statusCode).toBe(201);
    const missed = bodyOf(sent, messageSchema);
    await sleep(500);
    // The node that stored it could not tell the other one.
    expect(pushed.map((m) => m._id)).toEqual([before._id]);
    expect(resyncs).toHaveLength(0);

    proxy.restore();
    await nextEvent(sb, 'resync', () => true, 10_000);
    const caughtUp = await as(t.app, b)({ method: 'GET', url: `/chats/${b.user._id}/${a.user._id}?after=${before._id}` });
    expect(caughtUp.statusCode).toBe(200);
    expect(caughtUp.json<Array<{ _id: string }>>().map((m) => m._id)).toContain(missed._id);

    const metrics = await second.inject({ method: 'GET', url: '/metrics' });
    expect(metrics.body).toMatch(/plaza_redis_delivery_errors_total\{direction="publish"\} [1-9]/);
  });
});

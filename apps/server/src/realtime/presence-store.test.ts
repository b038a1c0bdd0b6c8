/** Presence in Redis: the periodic refresh keeps every socket of a busy node counted, past its first expiry. */
import { pino } from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { REDIS_TEST_URL } from '../../test/global-setup';
import { dropRedisPrefix, redisProblem } from '../../test/redis';
import { connectRedis } from '../lib/redis';
import { redisPresenceStore } from './presence-store';

const redisMissing = await redisProblem();
/** More than two of the store's pipelines, the last one short. */
const SOCKETS = 1_234;
const TTL_MS = 1_500;

describe.skipIf(redisMissing)('presence in Redis', () => {
  const prefix = `plaza-test:${process.pid}:${Date.now().toString(36)}:presence:`;
  const redis = connectRedis(REDIS_TEST_URL, pino({ level: 'silent' }));
  afterAll(async () => {
    redis.close();
    await dropRedisPrefix(prefix);
  });

  it(`keeps all ${SOCKETS} sockets of a node online through a refresh, and lets an unrefreshed one expire`, async () => {
    await redis.ready(3_000);
    const store = redisPresenceStore(redis, prefix, { nodeId: 'node-a', socketTtlMs: TTL_MS, log: () => {} });
    const sockets = Array.from({ length: SOCKETS }, (_, i) => [`user-${i}`, `socket-${i}`] as const);
    for (const [userId, socketId] of sockets) await store.add(userId, socketId);
    await store.add('forgotten', 'socket-x');
    const users = sockets.map(([userId]) => userId);

    await new Promise((r) => setTimeout(r, TTL_MS / 2));
    await store.refresh(sockets);
    // Past the expiry the sockets were added with: only the refresh keeps them.
    await new Promise((r) => setTimeout(r, TTL_MS / 2 + 300));
    const online = await store.onlineAmong([...users, 'forgotten']);
    expect(users.filter((u) => !online.has(u))).toEqual([]);
    expect(online.has('forgotten')).toBe(false);
    await store.close();
  });
});

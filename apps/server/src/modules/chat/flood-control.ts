/**
 * Flood control for sending messages: a token bucket per user (about five a second, bursts of ten).
 * In memory on one node; in Redis when configured, so a user spread over several nodes shares one bucket.
 */
import { CHAT } from '@plaza/contract';
import type { Redis } from 'ioredis';
import { orLocally, type RedisConnections } from '../../lib/redis';

export interface FloodControl {
  /** Takes one token; returns 0 when allowed, otherwise the milliseconds until the next token. */
  take(userId: string): Promise<number>;
  close(): Promise<void>;
}

export interface BucketShape {
  perSecond: number;
  burst: number;
}

export const MESSAGE_BUCKET: BucketShape = { perSecond: CHAT.messagesPerSecond, burst: CHAT.messagesPerSecond * 2 };

export function createFloodControl(redis: RedisConnections | null, keyPrefix: string, shape: BucketShape = MESSAGE_BUCKET): FloodControl {
  if (!redis) return memoryBuckets(shape);
  // Without Redis (an outage), each node keeps its own buckets: a user spread over nodes may send a little more meanwhile.
  const shared = redisBuckets(redis.commands, `${keyPrefix}flood:`, shape);
  const local = memoryBuckets(shape);
  return {
    take: (userId) =>
      orLocally(
        redis,
        () => shared.take(userId),
        () => local.take(userId),
      ),
    close: () => local.close(),
  };
}

export function memoryBuckets({ perSecond, burst }: BucketShape): FloodControl {
  const rate = perSecond / 1000;
  const buckets = new Map<string, { tokens: number; at: number }>();
  let sweptAt = Date.now();

  // A bucket idle long enough to be full again is the same as no bucket.
  function sweep(now: number) {
    const fullAfter = burst / rate;
    for (const [k, b] of buckets) if (now - b.at > fullAfter) buckets.delete(k);
    sweptAt = now;
  }

  return {
    async take(userId) {
      const now = Date.now();
      if (now - sweptAt > 60_000) sweep(now);
      const b = buckets.get(userId) ?? { tokens: burst, at: now };
      b.tokens = Math.min(burst, b.tokens + (now - b.at) * rate);
      b.at = now;
      buckets.set(userId, b);
      if (b.tokens >= 1) {
        b.tokens -= 1;
        return 0;
      }
      return Math.ceil((1 - b.tokens) / rate);
    },
    async close() {
      buckets.clear();
    },
  };
}

// Redis's own clock, so nodes with skewed clocks still agree.
const TAKE_SCRIPT = `
local rate = tonumber(ARGV[1])
local burst = tonumber(ARGV[2])
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local v = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local tokens = tonumber(v[1]) or burst
local at = tonumber(v[2]) or now
tokens = math.min(burst, tokens + math.max(0, now - at) * rate)
local wait = 0
if tokens >= 1 then
  tokens = tokens - 1
else
  wait = math.ceil((1 - tokens) / rate)
end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'at', tostring(now))
redis.call('PEXPIRE', KEYS[1], math.ceil(burst / rate) + 1000)
return wait
`;

/** On the shared command connection (lib/redis.ts); a failed take surfaces as an error to the caller. */
function redisBuckets(redis: Redis, keyPrefix: string, { perSecond, burst }: BucketShape): FloodControl {
  redis.defineCommand('plazaTakeToken', { numberOfKeys: 1, lua: TAKE_SCRIPT });
  const take = (redis as unknown as { plazaTakeToken(key: string, rate: number, burst: number): Promise<number> }).plazaTakeToken.bind(
    redis,
  );
  return {
    async take(userId) {
      return Number(await take(`${keyPrefix}${userId}`, perSecond / 1000, burst));
    },
    async close() {
      // The connection belongs to the app's Redis connections, closed with the app.
    },
  };
}

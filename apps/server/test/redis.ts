/** Whether the test Redis answers. Redis is optional for a developer; REQUIRE_SERVICES=1 (CI) makes its absence a failure. */
import { Redis } from 'ioredis';
import { REDIS_TEST_URL } from './global-setup';

async function redisReachable(url: string): Promise<string | null> {
  const probe = new Redis(url, { lazyConnect: true, connectTimeout: 1500, maxRetriesPerRequest: 0, retryStrategy: () => null });
  probe.on('error', () => {});
  try {
    await probe.connect();
    await probe.ping();
    return null;
  } catch (err) {
    return `Redis at ${url} is not reachable (${(err as Error).message})`;
  } finally {
    probe.disconnect();
  }
}

/** Why the Redis tests cannot run here, or null when they can. */
export async function redisProblem(): Promise<string | null> {
  const problem = await redisReachable(REDIS_TEST_URL);
  if (problem && process.env.REQUIRE_SERVICES === '1') throw new Error(`${problem}, and REQUIRE_SERVICES=1 demands it.`);
  if (problem) console.warn(`\n[plaza tests] ${problem}: the two-node Redis tests are left out.\n`);
  return problem;
}

/** Deletes every key under a test's prefix. */
export async function dropRedisPrefix(prefix: string): Promise<void> {
  const redis = new Redis(REDIS_TEST_URL);
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length) await redis.del(...keys);
  redis.disconnect();
}

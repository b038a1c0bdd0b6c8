/**
 * How many sockets one user and one address may hold. A user's newest socket pushes out the oldest
 * beyond SOCKET_LIMITS.perUser: with Redis, over every server (one sorted set per user, scored by
 * Redis's own clock), otherwise per process. The per-address cap is per process: a new handshake
 * beyond it is refused.
 */
import type { Redis } from 'ioredis';
import type { Logger } from '../lib/logger';
import type { RedisConnections } from '../lib/redis';

export interface UserSocketCap {
  /** Records a user's new socket; answers the ids of the sockets it pushes out, oldest first. */
  admit(userId: string, socketId: string): Promise<string[]>;
  release(userId: string, socketId: string): Promise<void>;
}

/** One process: the user's sockets in the order they came. */
function memoryUserCap(max: number): UserSocketCap {
  const byUser = new Map<string, string[]>();
  return {
    async admit(userId, socketId) {
      const ids = (byUser.get(userId) ?? []).filter((id) => id !== socketId);
      ids.push(socketId);
      byUser.set(userId, ids);
      return ids.length > max ? ids.splice(0, ids.length - max) : [];
    },
    async release(userId, socketId) {
      const ids = byUser.get(userId)?.filter((id) => id !== socketId);
      if (ids?.length) byUser.set(userId, ids);
      else byUser.delete(userId);
    },
  };
}

/**
 * Adds the socket and pops what is over the cap in one step. The entries of a server that died are the
 * oldest, so they are the first pushed out: the set heals itself without a sweep.
 */
const ADMIT_SCRIPT = `
local t = redis.call('TIME')
redis.call('ZADD', KEYS[1], tonumber(t[1]) * 1000000 + tonumber(t[2]), ARGV[1])
local over = redis.call('ZCARD', KEYS[1]) - tonumber(ARGV[2])
local out = {}
if over > 0 then
  out = redis.call('ZRANGE', KEYS[1], 0, over - 1)
  redis.call('ZREM', KEYS[1], unpack(out))
end
redis.call('EXPIRE', KEYS[1], tonumber(ARGV[3]))
return out
`;

/** A user's set outlives their last connect by a day, then Redis drops it. */
const SET_TTL_SECONDS = 86_400;

function redisUserCap(redis: Redis, prefix: string, max: number, log: Logger): UserSocketCap {
  redis.defineCommand('plazaAdmitSocket', { numberOfKeys: 1, lua: ADMIT_SCRIPT });
  const scripted = redis as unknown as { plazaAdmitSocket(key: string, id: string, max: number, ttl: number): Promise<string[]> };
  const key = (userId: string) => `${prefix}sockets:${userId}`;
  // While Redis is away the cap still holds on this process.
  const local = memoryUserCap(max);
  return {
    async admit(userId, socketId) {
      const here = await local.admit(userId, socketId);
      if (redis.status !== 'ready') return here;
      try {
        return await scripted.plazaAdmitSocket(key(userId), socketId, max, SET_TTL_SECONDS);
      } catch (err) {
        log.warn({ err }, 'socket cap in Redis failed; capping on this process only');
        return here;
      }
    },
    async release(userId, socketId) {
      await local.release(userId, socketId);
      if (redis.status === 'ready') await redis.zrem(key(userId), socketId).catch(() => 0);
    },
  };
}

export function userSocketCap(redis: RedisConnections | null, prefix: string, max: number, log: Logger): UserSocketCap {
  return redis ? redisUserCap(redis.commands, prefix, max, log) : memoryUserCap(max);
}

/** Sockets per address on this process; 0: no cap. */
export function addressSocketCap(max: number) {
  const counts = new Map<string, number>();
  return {
    full: (address: string) => max > 0 && (counts.get(address) ?? 0) >= max,
    add(address: string) {
      counts.set(address, (counts.get(address) ?? 0) + 1);
    },
    remove(address: string) {
      const n = (counts.get(address) ?? 1) - 1;
      if (n > 0) counts.set(address, n);
      else counts.delete(address);
    },
  };
}

const HANDSHAKE_WINDOW_MS = 10_000;

/**
 * Handshakes per address on this process, in fixed ten-second windows; 0: no limit. Every attempt counts,
 * refused ones included: what it protects is the work each handshake costs (a token to verify, a session to look up).
 */
export function addressHandshakeRate(perWindow: number, now: () => number = Date.now) {
  let windowStart = now();
  let counts = new Map<string, number>();
  return {
    /** Counts an attempt; false when the address is over its limit for this window. */
    allow(address: string): boolean {
      if (perWindow === 0) return true;
      const t = now();
      // A new window forgets the old one's addresses: the map holds only the last ten seconds' callers.
      if (t - windowStart >= HANDSHAKE_WINDOW_MS) {
        windowStart = t;
        counts = new Map();
      }
      const n = (counts.get(address) ?? 0) + 1;
      counts.set(address, n);
      return n <= perWindow;
    },
  };
}

/**
 * Where presence lives: which sockets each user has open. In memory on a single node; in Redis
 * (one sorted set per user, socket ids scored by their expiry) when several nodes share the work.
 */
import type { Redis } from 'ioredis';

export interface PresenceStore {
  /** Records a socket; true when this made the user go from offline to online. */
  add(userId: string, socketId: string): Promise<boolean>;
  /** Forgets a socket; true when the user has no live socket left. */
  remove(userId: string, socketId: string): Promise<boolean>;
  /** Pushes the socket's expiry forward (heartbeats). */
  refresh(userId: string, socketId: string): Promise<void>;
  /** Which of `userIds` are online. */
  onlineAmong(userIds: readonly string[]): Promise<Set<string>>;
  close(): Promise<void>;
}

/** One node: a socket is live until socket.io reports its disconnect (its own heartbeat catches dead peers). */
export function memoryPresenceStore(): PresenceStore {
  const sockets = new Map<string, Set<string>>();
  return {
    async add(userId, socketId) {
      const set = sockets.get(userId);
      if (set) {
        set.add(socketId);
        return false;
      }
      sockets.set(userId, new Set([socketId]));
      return true;
    },
    async remove(userId, socketId) {
      const set = sockets.get(userId);
      if (!set?.delete(socketId)) return false;
      if (set.size > 0) return false;
      sockets.delete(userId);
      return true;
    },
    async refresh() {},
    async onlineAmong(userIds) {
      return new Set(userIds.filter((id) => sockets.has(id)));
    },
    async close() {
      sockets.clear();
    },
  };
}

/**
 * Several nodes: a socket entry expires `ttlMs` after its last heartbeat, so the sockets of a node
 * that died stop counting without anyone cleaning up after it.
 */
export function redisPresenceStore(redis: Redis, prefix: string, ttlMs: number): PresenceStore {
  const key = (userId: string) => `${prefix}presence:${userId}`;

  return {
    async add(userId, socketId) {
      const now = Date.now();
      const k = key(userId);
      const res = await redis
        .multi()
        .zremrangebyscore(k, '-inf', now)
        .zadd(k, now + ttlMs, socketId)
        .zcard(k)
        .pexpire(k, ttlMs)
        .exec();
      return Number(res?.[1]?.[1]) === 1 && Number(res?.[2]?.[1]) === 1;
    },
    async remove(userId, socketId) {
      const k = key(userId);
      const res = await redis.multi().zrem(k, socketId).zremrangebyscore(k, '-inf', Date.now()).zcard(k).exec();
      return Number(res?.[0]?.[1]) === 1 && Number(res?.[2]?.[1]) === 0;
    },
    async refresh(userId, socketId) {
      const k = key(userId);
      await redis
        .multi()
        .zadd(k, Date.now() + ttlMs, socketId)
        .pexpire(k, ttlMs)
        .exec();
    },
    async onlineAmong(userIds) {
      if (userIds.length === 0) return new Set();
      const now = Date.now();
      const pipe = redis.pipeline();
      for (const id of userIds) pipe.zcount(key(id), now, '+inf');
      const res = (await pipe.exec()) ?? [];
      return new Set(userIds.filter((_, i) => Number(res[i]?.[1]) > 0));
    },
    async close() {},
  };
}

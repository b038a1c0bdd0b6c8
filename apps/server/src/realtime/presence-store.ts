/**
 * Where presence lives: which sockets each user has open. In memory on a single node; in Redis (one
 * sorted set per user, `<node>|<socket>` scored by expiry) when several nodes share the work, with this
 * node's own sockets kept in memory too, so presence carries on locally while Redis is away.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { orLocally, type RedisConnections } from '../lib/redis';
import { nodeLiveness, type NodeLiveness } from './presence-nodes';

export interface PresenceStore {
  /** Records a socket; true when this made the user go from offline to online. */
  add(userId: string, socketId: string): Promise<boolean>;
  /** Forgets a socket; true when the user has no live socket left. */
  remove(userId: string, socketId: string): Promise<boolean>;
  /** Pushes the sockets' expiry forward (a heartbeat: one socket; the periodic refresh: all of this node's). */
  refresh(sockets: ReadonlyArray<readonly [userId: string, socketId: string]>): Promise<void>;
  /** Which of `userIds` are online. */
  onlineAmong(userIds: readonly string[]): Promise<Set<string>>;
  /**
   * Starts what keeps presence true across nodes (liveness, taking over dead nodes' users); `tell` hears
   * flips this node did not see happen on its own sockets. Returns how to stop.
   */
  watch?(tell: (userId: string, online: boolean) => void): () => void;
  /**
   * This node is stopping on purpose: its sockets stay counted for a moment (their clients reconnect to
   * another node meanwhile), then another node takes the rest offline.
   */
  leave?(): Promise<void>;
  close(): Promise<void>;
}

/**
 * This node's sockets by user; what presence is on a single node, and the local half on several. Most
 * people have one socket: theirs is kept as its id, and a set is made only for a second one (a set per
 * user cost each socket about 200 bytes of heap).
 */
class LocalSockets {
  readonly byUser = new Map<string, string | Set<string>>();

  add(userId: string, socketId: string): boolean {
    const held = this.byUser.get(userId);
    if (held === undefined) {
      this.byUser.set(userId, socketId);
      return true;
    }
    if (typeof held === 'string') {
      if (held !== socketId) this.byUser.set(userId, new Set([held, socketId]));
    } else held.add(socketId);
    return false;
  }

  remove(userId: string, socketId: string): boolean {
    const held = this.byUser.get(userId);
    if (typeof held === 'string') {
      if (held !== socketId) return false;
      this.byUser.delete(userId);
      return true;
    }
    if (!held?.delete(socketId)) return false;
    if (held.size > 1) return false;
    // Back to one socket: its id again, not a set of one.
    const [last] = held;
    this.byUser.set(userId, last);
    return false;
  }

  has(userId: string): boolean {
    return this.byUser.has(userId);
  }

  /** Each user this node holds, with their sockets' ids. */
  *entries(): IterableIterator<[userId: string, socketIds: Iterable<string>]> {
    for (const [userId, held] of this.byUser) yield [userId, typeof held === 'string' ? [held] : held];
  }
}

/** One node: a socket is live until socket.io reports its disconnect (its own heartbeat catches dead peers). */
export function memoryPresenceStore(): PresenceStore {
  const local = new LocalSockets();
  return {
    add: async (userId, socketId) => local.add(userId, socketId),
    remove: async (userId, socketId) => local.remove(userId, socketId),
    async refresh() {},
    onlineAmong: async (userIds) => new Set(userIds.filter((id) => local.has(id))),
    async close() {
      local.byUser.clear();
    },
  };
}

/** Sockets refreshed per pipeline. */
const REFRESH_CHUNK = 500;

export interface RedisPresenceOptions {
  /** This process's id, unique per start. */
  nodeId: string;
  /** A socket entry not refreshed for this long stops counting (a backstop; node liveness is faster). */
  socketTtlMs: number;
  log: (err: unknown) => void;
}

/**
 * Several nodes. Each socket entry expires `socketTtlMs` after its last refresh, and each node announces
 * that it is alive (presence-nodes.ts): when a node dies, another takes its users offline within seconds.
 */
// Long: a factory; each method is a short Redis script or command sharing the keys made here.
export function redisPresenceStore(redis: RedisConnections, prefix: string, opts: RedisPresenceOptions): PresenceStore {
  const { nodeId, socketTtlMs } = opts;
  const r = redis.commands;
  const key = (userId: string) => `${prefix}presence:${userId}`;
  const member = (socketId: string) => `${nodeId}|${socketId}`;
  const local = new LocalSockets();
  const liveness: NodeLiveness = nodeLiveness(redis, prefix, nodeId, opts.log);
  let leaving = false;

  /** Writes every socket of this node to Redis again (after an outage, when others may have reaped it). */
  async function registerAll(): Promise<void> {
    const expires = Date.now() + socketTtlMs;
    const pipe = r.pipeline();
    for (const [userId, sockets] of local.entries()) {
      for (const s of sockets) pipe.zadd(key(userId), expires, member(s));
      pipe.pexpire(key(userId), socketTtlMs);
      pipe.sadd(liveness.usersKey, userId);
    }
    await pipe.exec();
  }

  return {
    async add(userId, socketId) {
      const first = local.add(userId, socketId);
      return orLocally(
        redis,
        async () => {
          const now = Date.now();
          const k = key(userId);
          const res = await r
            .multi()
            .zremrangebyscore(k, '-inf', now)
            .zadd(k, now + socketTtlMs, member(socketId))
            .zcard(k)
            .pexpire(k, socketTtlMs)
            .sadd(liveness.usersKey, userId)
            .exec();
          return Number(res?.[1]?.[1]) === 1 && Number(res?.[2]?.[1]) === 1;
        },
        () => first,
      );
    },
    async remove(userId, socketId) {
      const last = local.remove(userId, socketId);
      // A node that is stopping leaves its entries for the takeover (see leave()).
      if (leaving) return false;
      return orLocally(
        redis,
        async () => {
          const k = key(userId);
          const tx = r.multi().zrem(k, member(socketId)).zremrangebyscore(k, '-inf', Date.now()).zcard(k);
          if (last) tx.srem(liveness.usersKey, userId);
          const res = await tx.exec();
          return Number(res?.[0]?.[1]) === 1 && Number(res?.[2]?.[1]) === 0;
        },
        () => last,
      );
    },
    async refresh(sockets) {
      // A pipeline per REFRESH_CHUNK sockets, the event loop free between them: a transaction per socket was
      // a write to the connection each, and 5,000 of them held the event loop for 200–300 ms at a time.
      for (let from = 0; from < sockets.length; from += REFRESH_CHUNK) {
        if (from > 0) await nextTurn();
        if (!redis.available()) return;
        const expires = Date.now() + socketTtlMs;
        const pipe = r.pipeline();
        for (const [userId, socketId] of sockets.slice(from, from + REFRESH_CHUNK)) {
          pipe.zadd(key(userId), expires, member(socketId)).pexpire(key(userId), socketTtlMs);
        }
        try {
          const replies = (await pipe.exec()) ?? [];
          const failed = replies.find(([err]) => err);
          if (failed) redis.failed(failed[0]);
        } catch (err) {
          redis.failed(err);
        }
      }
    },
    async onlineAmong(userIds) {
      if (userIds.length === 0) return new Set();
      return orLocally(
        redis,
        async () => {
          const now = Date.now();
          const pipe = r.pipeline();
          for (const id of userIds) pipe.zcount(key(id), now, '+inf');
          const res = (await pipe.exec()) ?? [];
          return new Set(userIds.filter((_, i) => Number(res[i]?.[1]) > 0));
        },
        // Alone, this node knows only its own sockets.
        () => new Set(userIds.filter((id) => local.has(id))),
      );
    },
    watch(tell) {
      // Others may have taken this node's users offline while it could not say it was alive.
      const comeBack = () => {
        registerAll().then(
          () => {
            for (const id of local.byUser.keys()) tell(id, true);
          },
          (err: unknown) => opts.log(err),
        );
      };
      const stopLiveness = liveness.start((userIds) => {
        for (const id of userIds) if (!local.has(id)) tell(id, false);
      }, comeBack);
      const stopRecovery = redis.onRecovered(comeBack);
      return () => {
        stopLiveness();
        stopRecovery();
      };
    },
    async leave() {
      leaving = true;
      await liveness.handOver();
    },
    async close() {
      local.byUser.clear();
    },
  };
}

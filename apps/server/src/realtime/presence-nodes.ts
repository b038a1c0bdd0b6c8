/**
 * Node liveness for presence in Redis: every node writes a heartbeat into one sorted set and keeps the
 * set of users it holds sockets for. Every node also looks for nodes whose heartbeat stopped (killed,
 * frozen, cut off) and takes them over in one atomic script: their socket entries go, and the users left
 * with no live socket anywhere are reported, so friends see them go offline within seconds instead of
 * when the socket entries would expire.
 */
import type { RedisConnections } from '../lib/redis';

export const HEARTBEAT_MS = 1500;
/** A node silent for this long is dead: a few missed heartbeats, so a short pause is not a death. */
export const NODE_DEAD_AFTER_MS = 5000;
/** A node stopping on purpose counts as dead this soon: long enough for its clients to reconnect elsewhere. */
export const HANDOVER_MS = 3000;

// Takes one dead node over, if it is still dead: removes its socket entries from its users' sets and
// returns the users with no live socket left.
const REAP_SCRIPT = `
local score = redis.call('ZSCORE', KEYS[1], ARGV[2])
if not score or tonumber(score) > tonumber(ARGV[4]) then return {} end
local usersKey = ARGV[1] .. 'presence-node:' .. ARGV[2]
local mark = ARGV[2] .. '|'
local now = tonumber(ARGV[3])
local offline = {}
for _, user in ipairs(redis.call('SMEMBERS', usersKey)) do
  local k = ARGV[1] .. 'presence:' .. user
  for _, m in ipairs(redis.call('ZRANGE', k, 0, -1)) do
    if string.sub(m, 1, #mark) == mark then redis.call('ZREM', k, m) end
  end
  if redis.call('ZCOUNT', k, now, '+inf') == 0 then table.insert(offline, user) end
end
redis.call('DEL', usersKey)
redis.call('ZREM', KEYS[1], ARGV[2])
return offline
`;

export interface NodeLiveness {
  /** The set of users this node holds sockets for. */
  readonly usersKey: string;
  /** Starts heartbeats and takeovers; `wentOffline` hears the users of dead nodes who are now offline. */
  start(wentOffline: (userIds: string[]) => void, reaped: () => void): () => void;
  /** Marks this node as stopping: others take it over after HANDOVER_MS. Stops the heartbeat. */
  handOver(): Promise<void>;
}

export function nodeLiveness(redis: RedisConnections, prefix: string, nodeId: string, log: (err: unknown) => void): NodeLiveness {
  const r = redis.commands;
  const nodesKey = `${prefix}presence-nodes`;
  const usersKey = `${prefix}presence-node:${nodeId}`;
  let timer: NodeJS.Timeout | null = null;
  let beats = 0;

  const stop = () => {
    if (timer) clearInterval(timer);
    timer = null;
  };

  return {
    usersKey,
    start(wentOffline, reaped) {
      const tick = async () => {
        if (!redis.available()) return;
        try {
          const now = Date.now();
          // 1 = this node was not in the set: it was taken over while it could not beat (its users must be written again).
          const added = await r.zadd(nodesKey, now, nodeId);
          if (added === 1 && beats > 0) reaped();
          beats += 1;
          const dead = await r.zrangebyscore(nodesKey, '-inf', now - NODE_DEAD_AFTER_MS, 'LIMIT', 0, 20);
          for (const node of dead) {
            if (node === nodeId) continue;
            const offline = (await r.eval(REAP_SCRIPT, 1, nodesKey, prefix, node, Date.now(), now - NODE_DEAD_AFTER_MS)) as string[];
            if (offline.length > 0) wentOffline(offline);
          }
        } catch (err) {
          redis.failed(err);
          // An outage is logged once by the connections; anything else is a fault worth seeing.
          if (redis.available()) log(err);
        }
      };
      void tick();
      timer = setInterval(() => void tick(), HEARTBEAT_MS);
      timer.unref();
      return stop;
    },
    async handOver() {
      stop();
      if (!redis.available()) return;
      try {
        await r.zadd(nodesKey, Date.now() - NODE_DEAD_AFTER_MS + HANDOVER_MS, nodeId);
      } catch (err) {
        redis.failed(err);
      }
    },
  };
}

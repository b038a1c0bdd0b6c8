/**
 * Every Redis connection of one server, made in one place (used only when REDIS_URL is set). Short
 * commands from the rate limit, presence, flood control and event publishing share one connection;
 * what blocks a connection (a subscription, the socket.io adapter's stream read) gets one of its own.
 *
 * Redis is a helper, never a dependency the process waits on: connecting and every command are bounded
 * by timeouts, the shared connection fails its commands at once while it is down (no offline queue), and
 * `available()` tells callers to use their local fallback without even trying. A command that times out
 * (a stalled network keeps the connection "ready") marks Redis unavailable until a probe answers again.
 * An outage is logged once when it starts and once when it ends.
 */
import type { Redis, RedisOptions } from 'ioredis';
import { newRedis } from './redis-address';
import type { Logger } from './logger';

export interface RedisConnections {
  /** The shared connection for short commands. */
  readonly commands: Redis;
  /** A connection of its own for one long-running use, named in the logs. */
  dedicated(purpose: string): Redis;
  /** False while Redis is down or stalled: use the local fallback instead of waiting for an error. */
  available(): boolean;
  /** Reports a failed command; a timeout marks Redis unavailable until a probe answers. */
  failed(err: unknown): void;
  /** Resolves once the shared connection is ready, or after `ms` either way (start-up should not wait long). */
  ready(ms: number): Promise<void>;
  /** Calls `listener` each time Redis becomes available again after an outage (to re-register what lives there). */
  onRecovered(listener: () => void): () => void;
  close(): void;
}

export interface RedisTimeouts {
  connectMs: number;
  commandMs: number;
}

const PROBE_EVERY_MS = 1000;

// Long: a factory; each method is short and shares the connections and the outage state kept here.
export function connectRedis(url: string, log: Logger, timeouts: RedisTimeouts = { connectMs: 3000, commandMs: 2000 }): RedisConnections {
  const all: Redis[] = [];
  const recovered = new Set<() => void>();
  let outage = false;
  let stalled = false;
  let probe: NodeJS.Timeout | null = null;
  let closing = false;

  const base: RedisOptions = {
    connectTimeout: timeouts.connectMs,
    commandTimeout: timeouts.commandMs,
    keepAlive: 10_000,
    // Commands fail after a couple of reconnect attempts instead of waiting for Redis forever.
    maxRetriesPerRequest: 2,
  };

  const open = (purpose: string, options: RedisOptions): Redis => {
    const redis = newRedis(url, { ...base, ...options });
    // A listener on every connection: ioredis retries on its own, and without one each failed attempt
    // would print "Unhandled error event". The outage itself is logged once, below.
    redis.on('error', (err: Error) => {
      if (redis === commands) down(err);
      else log.debug({ err, redis: purpose }, 'Redis connection error');
    });
    all.push(redis);
    return redis;
  };

  const down = (err: unknown) => {
    if (outage || closing) return;
    outage = true;
    log.warn({ err }, 'Redis unavailable: this node carries on alone (local presence, limits and delivery) until it is back');
  };
  const up = () => {
    if (!outage || stalled || commands.status !== 'ready') return;
    outage = false;
    log.info('Redis available again: nodes share presence, limits and delivery once more');
    for (const listener of recovered) listener();
  };

  // The shared connection fails fast while down: callers fall back at once instead of queueing.
  const commands = open('commands', { enableOfflineQueue: false });
  commands.on('ready', up);
  commands.on('close', () => down(new Error('connection closed')));

  const startProbe = () => {
    if (probe) return;
    probe = setInterval(() => {
      if (commands.status !== 'ready') return;
      commands.ping().then(
        () => {
          stalled = false;
          if (probe) clearInterval(probe);
          probe = null;
          up();
        },
        () => {},
      );
    }, PROBE_EVERY_MS);
    probe.unref();
  };

  return {
    commands,
    // Long-running uses keep ioredis's offline queue: their loops wait for the reconnect instead of spinning on errors.
    dedicated: (purpose) => open(purpose, {}),
    available: () => !outage && !stalled && commands.status === 'ready',
    failed(err) {
      if (err instanceof Error && /timed out/i.test(err.message)) {
        stalled = true;
        down(err);
        startProbe();
      }
    },
    ready(ms) {
      if (commands.status === 'ready') return Promise.resolve();
      return new Promise((resolve) => {
        const done = () => {
          clearTimeout(timer);
          commands.off('ready', done);
          resolve();
        };
        const timer = setTimeout(done, ms);
        commands.once('ready', done);
      });
    },
    onRecovered(listener) {
      recovered.add(listener);
      return () => recovered.delete(listener);
    },
    close() {
      closing = true;
      if (probe) clearInterval(probe);
      recovered.clear();
      for (const redis of all.splice(0)) {
        // QUIT lets what was just sent (the sessions socket.io keeps for reconnecting clients) reach Redis first.
        if (redis.status === 'ready') redis.quit().catch(() => redis.disconnect());
        else redis.disconnect();
      }
    },
  };
}

/**
 * Runs `remote` on Redis when it is available, else `local`; a failure reports to the connections (a
 * timeout marks Redis unavailable) and falls back to `local` too, so a caller never fails because of Redis.
 */
export async function orLocally<T>(redis: RedisConnections, remote: () => Promise<T>, local: () => T | Promise<T>): Promise<T> {
  if (!redis.available()) return local();
  try {
    return await remote();
  } catch (err) {
    redis.failed(err);
    return local();
  }
}

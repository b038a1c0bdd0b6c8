/**
 * Every Redis connection of one server, made in one place (used only when REDIS_URL is set). Short
 * commands from the rate limit, presence, flood control and event publishing share one connection;
 * what blocks a connection (a subscription, the socket.io adapter's stream read) gets one of its own.
 * All of them log a lost connection once (ioredis reconnects by itself) and close together.
 */
import { Redis, type RedisOptions } from 'ioredis';
import type { Logger } from './logger';

export interface RedisConnections {
  /** The shared connection for short commands. */
  readonly commands: Redis;
  /** A connection of its own for one long-running use, named in the logs. */
  dedicated(purpose: string): Redis;
  close(): void;
}

/** Commands fail after a couple of reconnect attempts instead of waiting for Redis forever. */
const OPTIONS: RedisOptions = { maxRetriesPerRequest: 2 };

export function connectRedis(url: string, log: Logger): RedisConnections {
  const all: Redis[] = [];

  const open = (purpose: string): Redis => {
    const redis = new Redis(url, OPTIONS);
    let down = false;
    redis.on('error', (err: Error) => {
      // Logged once per outage: ioredis retries on its own, and commands that fail meanwhile reject to their callers.
      if (!down) log.warn({ err, redis: purpose }, 'Redis connection lost; reconnecting');
      down = true;
    });
    redis.on('ready', () => {
      if (down) log.info({ redis: purpose }, 'Redis connection back');
      down = false;
    });
    all.push(redis);
    return redis;
  };

  return {
    commands: open('commands'),
    dedicated: open,
    close() {
      for (const redis of all.splice(0)) redis.disconnect();
    },
  };
}

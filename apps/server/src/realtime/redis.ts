/** The socket.io Redis Streams adapter, on the app's Redis connections (lib/redis.ts); used only when REDIS_URL is set. */
import { createAdapter } from '@socket.io/redis-streams-adapter';
import type { RedisConnections } from '../lib/redis';

export type StreamsAdapter = ReturnType<typeof createAdapter>;

/** Connection-state recovery keeps working through it: missed packets are replayed from the stream. */
export function streamsAdapter(redis: RedisConnections, prefix: string, recoveryMs: number): StreamsAdapter {
  const reader = redis.dedicated('socket.io stream reader');
  // The adapter loops on a blocking XREAD on the client it is given. On the shared connection every
  // publish (and so every local delivery, which waits for its stream offset) would queue behind that
  // read, so the read gets a connection of its own.
  const streamClient = new Proxy(redis.commands, {
    get(target, prop) {
      if (prop === 'xread') return reader.xread.bind(reader);
      const value = Reflect.get(target, prop, target) as unknown;
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  return createAdapter(streamClient, {
    streamName: `${prefix}socket.io`,
    sessionKeyPrefix: `${prefix}sio:session:`,
    // Enough entries to replay two minutes of a busy node to a socket that reconnects.
    maxLen: Math.max(10_000, Math.ceil(recoveryMs / 1000) * 500),
  });
}

/** The Redis connections of the realtime layer, used only when REDIS_URL is set. */
import { createAdapter } from '@socket.io/redis-streams-adapter';
import { Redis } from 'ioredis';

export interface RealtimeRedis {
  /** For presence and other short commands. */
  commands: Redis;
  /** The socket.io adapter over a Redis stream; connection-state recovery keeps working through it. */
  adapter: ReturnType<typeof createAdapter>;
  close(): void;
}

export function connectRealtimeRedis(url: string, prefix: string, recoveryMs: number): RealtimeRedis {
  const commands = new Redis(url, { maxRetriesPerRequest: 2 });
  const reader = commands.duplicate();
  for (const c of [commands, reader]) {
    c.on('error', () => {
      // ioredis reconnects by itself; commands that fail meanwhile reject to their callers.
    });
  }
  // The adapter loops on a blocking XREAD on the client it is given. On a shared connection every
  // publish (and so every local delivery, which waits for its stream offset) would queue behind that
  // read, so the read gets a connection of its own.
  const streamClient = new Proxy(commands, {
    get(target, prop) {
      if (prop === 'xread') return reader.xread.bind(reader);
      const value = Reflect.get(target, prop, target) as unknown;
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  const adapter = createAdapter(streamClient, {
    streamName: `${prefix}socket.io`,
    sessionKeyPrefix: `${prefix}sio:session:`,
    // Enough entries to replay two minutes of a busy node to a socket that reconnects.
    maxLen: Math.max(10_000, Math.ceil(recoveryMs / 1000) * 500),
  });
  return {
    commands,
    adapter,
    close() {
      reader.disconnect();
      commands.disconnect();
    },
  };
}

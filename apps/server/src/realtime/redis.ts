/** The socket.io Redis Streams adapter, on the app's Redis connections (lib/redis.ts); used only when REDIS_URL is set. */
import { createAdapter } from '@socket.io/redis-streams-adapter';
import type { RedisConnections } from '../lib/redis';

const READ_RETRY_PAUSE_MS = 500;

export interface StreamsAdapter {
  adapter: ReturnType<typeof createAdapter>;
  /** True once the node reads the stream from a known position: what other nodes send from then on reaches it. */
  reading(): boolean;
}

/**
 * Told when cross-node delivery may have dropped something: `publish` (what this node emitted did not
 * reach the stream, so other nodes' sockets missed it) or `read` (this node could not read the stream).
 */
export type DeliveryFailure = (direction: 'publish' | 'read', err: unknown) => void;

export function streamsAdapter(redis: RedisConnections, prefix: string, failed: DeliveryFailure = () => {}): StreamsAdapter {
  const reader = redis.dedicated('socket.io stream reader');
  const streamName = `${prefix}socket.io`;
  // The adapter reads from "$" (only what is added during that one read) until it has seen an entry, so
  // whatever other nodes add between two of its empty reads is lost: on a quiet cluster a started node
  // missed cross-node emits for seconds. It reads from the stream's last entry at start instead.
  let start: Promise<string> | null = null;
  let reading = false;
  const ownUids = new Set<string>();
  const startId = () =>
    (start ??= (reader.xrevrange(streamName, '+', '-', 'COUNT', 1) as Promise<Array<[string, string[]]>>).then(
      (last) => last[0]?.[0] ?? '0-0',
      (err: unknown) => {
        start = null;
        throw err;
      },
    ));
  const read = async (args: unknown[]) => {
    const offset = args.indexOf('STREAMS') + 2;
    if (args[offset] === '$') args = [...args.slice(0, offset), await startId(), ...args.slice(offset + 1)];
    const result = (reader.xread as (...a: unknown[]) => Promise<StreamReply | null>)(...args);
    reading = true;
    return withoutOwnEntries(await result, ownUids);
  };
  // The adapter loops on a blocking XREAD on the client it is given. On the shared connection every
  // publish (and so every local delivery, which waits for its stream offset) would queue behind that
  // read, so the read gets a connection of its own.
  // The adapter reads again as soon as a read ends; a read that fails at once (a closed connection) would
  // make that loop spin and starve the event loop, so a failure answers only after a pause.
  const readOrPause = (...args: unknown[]) =>
    read(args).catch(async (err: unknown) => {
      failed('read', err);
      await new Promise((resolve) => setTimeout(resolve, READ_RETRY_PAUSE_MS));
      throw err;
    });
  const streamClient = new Proxy(redis.commands, {
    get(target, prop) {
      if (prop === 'xread') return readOrPause;
      const value = Reflect.get(target, prop, target) as unknown;
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  const create = createAdapter(streamClient, {
    streamName,
    // Enough entries that a node whose reader falls a few seconds behind a busy cluster still finds what it has not read.
    maxLen: 15_000,
  });
  // socket.io calls it with `new`: a function (not an arrow) that returns the adapter it made.
  const adapter = function (nsp: Parameters<typeof create>[0]) {
    const made = create(nsp);
    ownUids.add((made as unknown as { uid: string }).uid);
    // The adapter swallows a failed publish (the emit still reaches this node's sockets); the caller hears of it.
    const publisher = made as unknown as { doPublish(message: unknown): Promise<string> };
    const publish = publisher.doPublish.bind(publisher);
    publisher.doPublish = (message) =>
      publish(message).catch((err: unknown) => {
        failed('publish', err);
        throw err;
      });
    return made;
  } as typeof create;
  return { adapter, reading: () => reading };
}

/** An XREAD reply as ioredis gives it: per stream, its entries as [id, [field, value, field, value…]]. */
type StreamReply = Array<[string, Array<[string, string[]]>]>;

/**
 * A node reads back everything it added to the stream, its own broadcasts included (each chat message once),
 * and the adapter would decode each one (JSON of the whole packet) only to drop it as its own. The entries
 * this node's adapters wrote (field `uid`, written first) are emptied instead: the adapter skips an entry
 * without a namespace and still moves its read position past it.
 */
export function withoutOwnEntries(reply: StreamReply | null, ownUids: ReadonlySet<string>): StreamReply | null {
  if (!reply || ownUids.size === 0) return reply;
  for (const [, entries] of reply) {
    for (const entry of entries) {
      const fields = entry[1];
      if (fields[0] === 'uid' && ownUids.has(fields[1])) entry[1] = [];
    }
  }
  return reply;
}

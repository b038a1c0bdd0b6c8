/**
 * Carries chosen domain events between servers that share a database, over Redis pub/sub: what one
 * server publishes, the others publish locally as well. Used for the events that drop what a server
 * keeps in memory (posts rendered for the feed), so a change made through one server shows on all of
 * them at once. Best effort: while Redis is away, FEED_POST_MAX_AGE_MS still bounds what is kept, and
 * what may only be kept while every change is heard (verified tokens, chat permissions) is not kept.
 */
import { randomUUID } from 'node:crypto';
import { newRedis } from './redis-address';
import type { DomainEvents, EventBus } from './events';
import type { RedisConnections } from './redis';

/** The events servers sharing a database tell each other: each drops something a server keeps in memory. */
export const RELAYED_EVENTS = [
  'postChanged',
  'profileChanged',
  'accountChanged',
  'sessionsRevoked',
  'accountStandingChanged',
  'blockChanged',
  'feedPagesChanged',
  'pushDevicesChanged',
] as const satisfies ReadonlyArray<keyof DomainEvents>;
type Relayed = (typeof RELAYED_EVENTS)[number];

/** The pub/sub channel of the servers sharing a Redis key prefix. */
export const relayChannel = (redisKeyPrefix: string) => `${redisKeyPrefix}events`;

/** One relayed event as it travels; `origin` lets its sender ignore its own. */
const relayMessage = <K extends Relayed>(origin: string, name: K, payload: DomainEvents[K]) => JSON.stringify({ origin, name, payload });

/**
 * `onListening(false)` when this server may miss what others publish (not yet subscribed, or the
 * connection dropped), `onListening(true)` once it is subscribed again: what is kept on the strength
 * of hearing every change (verified access tokens) must not be kept meanwhile.
 */
export function relayEvents(
  events: EventBus,
  redis: RedisConnections,
  channel: string,
  names: readonly Relayed[],
  onListening: (listening: boolean) => void = () => {},
): () => void {
  const origin = randomUUID();
  const subscriber = redis.dedicated('event relay');
  let listening = false;
  const hear = (now: boolean) => {
    if (now !== listening) onListening((listening = now));
  };
  onListening(false);
  // Set while an event from another server is published here, so it is not sent back out.
  let applying = false;
  const unsubscribes = names.map((name) =>
    events.subscribe(name, (payload) => {
      if (!applying) redis.commands.publish(channel, relayMessage(origin, name, payload)).catch(() => {});
    }),
  );
  // ioredis subscribes again by itself after a reconnect; subscribing here too only confirms when it has.
  const subscribe = () =>
    subscriber.subscribe(channel).then(
      () => hear(subscriber.status === 'ready'),
      () => hear(false),
    );
  void subscribe();
  subscriber.on('ready', () => void subscribe());
  subscriber.on('close', () => hear(false));
  subscriber.on('message', (_channel: string, raw: string) => {
    let message: { origin?: string; name?: Relayed; payload?: DomainEvents[Relayed] };
    try {
      message = JSON.parse(raw) as typeof message;
    } catch {
      return;
    }
    if (message.origin === origin || !message.name || !names.includes(message.name) || !message.payload) return;
    applying = true;
    try {
      events.publish(message.name, message.payload);
    } finally {
      applying = false;
    }
  });
  return () => {
    hear(false);
    for (const stop of unsubscribes) stop();
    subscriber.disconnect();
  };
}

/**
 * Tells the servers relaying on `channel` of an event, from a process that is not one of them (a
 * command-line tool that changed what they keep, such as `npm run rebuild-timelines`).
 */
export async function announceToServers<K extends Relayed>(
  redisUrl: string,
  redisKeyPrefix: string,
  name: K,
  payload: DomainEvents[K],
): Promise<void> {
  const redis = newRedis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1, connectTimeout: 3000 });
  try {
    await redis.connect();
    await redis.publish(relayChannel(redisKeyPrefix), relayMessage(randomUUID(), name, payload));
  } finally {
    redis.disconnect();
  }
}

/**
 * Carries chosen domain events between servers that share a database, over Redis pub/sub: what one
 * server publishes, the others publish locally as well. Used for the events that drop what a server
 * keeps in memory (posts rendered for the feed), so a change made through one server shows on all of
 * them at once. Best effort: while Redis is away, FEED_POST_MAX_AGE_MS still bounds what is kept.
 */
import { randomUUID } from 'node:crypto';
import type { DomainEvents, EventBus } from './events';
import type { RedisConnections } from './redis';

type Relayed = 'postChanged' | 'profileChanged' | 'sessionsRevoked';

export function relayEvents(events: EventBus, redis: RedisConnections, channel: string, names: readonly Relayed[]): () => void {
  const origin = randomUUID();
  // ioredis subscribes again by itself after a reconnect.
  const subscriber = redis.dedicated('event relay');
  // Set while an event from another server is published here, so it is not sent back out.
  let applying = false;
  const unsubscribes = names.map((name) =>
    events.subscribe(name, (payload) => {
      if (!applying) redis.commands.publish(channel, JSON.stringify({ origin, name, payload })).catch(() => {});
    }),
  );
  subscriber.subscribe(channel).catch(() => {});
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
    for (const stop of unsubscribes) stop();
    subscriber.disconnect();
  };
}

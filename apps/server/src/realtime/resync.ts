/**
 * Delivery that does not depend on Redis being up. While Redis is away (or the adapter fails), an emit
 * reaches this node's sockets only, and this node hears nothing from the others: sockets stay connected,
 * so no client would think of catching up. Once Redis answers again, the sockets that may have missed
 * something are told `resync {}` and catch up by id (product.md § Realtime events): every socket in the cluster
 * when this node's own emits were lost, this node's sockets when only its reading was.
 */
import type { Counter } from 'prom-client';
import type { RedisConnections } from '../lib/redis';
import type { DeliveryFailure } from './redis';
import type { PlazaServer } from './server';

const CHECK_EVERY_MS = 1000;

export function resyncAfterRedis(
  redis: RedisConnections,
  errors: Counter<'direction'>,
): { failed: DeliveryFailure; start(io: PlazaServer): () => void } {
  let lostEmits = false;
  let lostReads = false;
  let io: PlazaServer | null = null;
  let timer: NodeJS.Timeout | null = null;

  const flush = () => {
    if (!io || !redis.available() || !(lostEmits || lostReads)) return;
    const everywhere = lostEmits;
    lostEmits = lostReads = false;
    if (timer) clearInterval(timer);
    timer = null;
    // Through the adapter: a resync that fails to publish marks the emits lost again, and is sent again.
    if (everywhere) io.emit('resync', {});
    else io.local.emit('resync', {});
  };
  const watch = () => {
    timer ??= setInterval(flush, CHECK_EVERY_MS).unref();
  };

  return {
    failed(direction, err) {
      errors.inc({ direction });
      if (direction === 'publish') lostEmits = true;
      else lostReads = true;
      // A timed-out publish marks Redis stalled until a probe answers, so the flush waits for a Redis that works.
      redis.failed(err);
      watch();
    },
    start(server) {
      io = server;
      const off = redis.onRecovered(() => {
        // Back after an outage: this node's reader may have missed what was trimmed meanwhile.
        lostReads = true;
        flush();
      });
      return () => {
        off();
        if (timer) clearInterval(timer);
        timer = null;
        io = null;
      };
    },
  };
}

/**
 * Readiness (`GET /readyz`, product.md § API conventions): whether this node can serve, checked
 * against its dependencies each time, and answered within a second whatever state they are in: a check
 * that has not answered by then counts as down. Only what this node cannot serve without takes it out
 * (503): its database. Redis is shared by every node, and each node works without it (local presence,
 * limits and delivery, then `resync`): a Redis outage is reported in the body, never by taking every
 * node out of the balancer at once.
 */
import type { RedisConnections } from '../lib/redis';

export type CheckState = 'up' | 'down' | 'absent';

export interface Readiness {
  status: 'ok' | 'unavailable';
  checks: { database: CheckState; redis: CheckState; storage: CheckState };
}

/** Leaves room under the one-second promise for the reply itself. */
export const CHECK_TIMEOUT_MS = 800;

/**
 * `crossNodeReady`: whether this node already hears what the others send through Redis (the socket.io
 * adapter reads its stream); until then Redis counts as down.
 */
export function readinessCheck(
  ping: () => Promise<void>,
  redis: RedisConnections | null,
  crossNodeReady: () => boolean = () => true,
  /** Whether the media storage takes a file; null when it is not this node's to check (object storage). */
  storageProbe: (() => Promise<void>) | null = null,
): () => Promise<Readiness> {
  const bounded = async (probe: () => Promise<unknown>): Promise<CheckState> => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<'down'>((resolve) => {
      timer = setTimeout(() => resolve('down'), CHECK_TIMEOUT_MS);
    });
    try {
      return await Promise.race([probe().then((): CheckState => 'up'), timeout]);
    } catch {
      return 'down';
    } finally {
      clearTimeout(timer);
    }
  };

  const redisCheck = async (r: RedisConnections): Promise<CheckState> => {
    if (!r.available() || !crossNodeReady()) return 'down';
    const state = await bounded(() => r.commands.ping());
    if (state === 'down') r.failed(new Error('Redis readiness ping timed out'));
    return state;
  };

  return async () => {
    const [database, redisState, storage] = await Promise.all([
      bounded(ping),
      redis ? redisCheck(redis) : Promise.resolve<CheckState>('absent'),
      storageProbe ? bounded(storageProbe) : Promise.resolve<CheckState>('absent'),
    ]);
    // Storage down is reported, not a 503: everything but uploads still works on this node.
    const checks = { database, redis: redisState, storage };
    return { status: database === 'down' ? 'unavailable' : 'ok', checks };
  };
}

/**
 * Readiness (`GET /readyz`, CONTRACT "Operations and limits"): whether this node can serve, checked
 * against its dependencies each time, and answered within a second whatever state they are in: a check
 * that has not answered by then counts as down.
 */
import type { RedisConnections } from '../lib/redis';

export type CheckState = 'up' | 'down' | 'absent';

export interface Readiness {
  status: 'ok' | 'unavailable';
  checks: { database: CheckState; redis: CheckState };
}

/** Leaves room under the one-second promise for the reply itself. */
export const CHECK_TIMEOUT_MS = 800;

/**
 * `crossNodeReady`: whether this node already hears what the others send through Redis (the socket.io
 * adapter reads its stream); until then Redis counts as down, so no balancer sends users to a node that
 * would miss their messages.
 */
export function readinessCheck(
  ping: () => Promise<void>,
  redis: RedisConnections | null,
  crossNodeReady: () => boolean = () => true,
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
    const [database, redisState] = await Promise.all([bounded(ping), redis ? redisCheck(redis) : Promise.resolve<CheckState>('absent')]);
    const checks = { database, redis: redisState };
    return { status: database === 'down' || redisState === 'down' ? 'unavailable' : 'ok', checks };
  };
}

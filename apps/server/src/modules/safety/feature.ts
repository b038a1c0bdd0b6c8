/** Builds the safety feature once per app: blocks and mutes, ending connections through the people feature. */
import type { AppContext, Feature } from '../../context';
import { safetyRoutes } from './routes';
import { safetyService, type Connections, type SafetyService } from './service';

export interface SafetyFeature extends Feature {
  /**
   * For the federation feature: a block made on another server by someone of it (a `Block` received),
   * stored and enforced as a block made here is, so the person they blocked can no longer reach them.
   */
  remote: Pick<SafetyService, 'block' | 'unblock'>;
}

export function createSafetyFeature(ctx: AppContext, deps: { connections: Connections }): SafetyFeature {
  const safety = safetyService(ctx, deps.connections);
  return {
    name: 'safety',
    routes: (app, c) => safetyRoutes(app, c, { safety }),
    remote: { block: (by, whom) => safety.block(by, whom), unblock: (by, whom) => safety.unblock(by, whom) },
  };
}

/** Builds the safety feature once per app: blocks and mutes, ending connections through the people feature. */
import type { AppContext, Feature } from '../../context';
import { safetyRoutes } from './routes';
import { safetyService, type Connections } from './service';

export function createSafetyFeature(ctx: AppContext, deps: { connections: Connections }): Feature {
  const safety = safetyService(ctx, deps.connections);
  return { name: 'safety', routes: (app, c) => safetyRoutes(app, c, { safety }) };
}

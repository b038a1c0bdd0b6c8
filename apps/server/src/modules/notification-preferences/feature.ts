/** Builds the notification-preferences feature once per app: the caller's routes and the service others ask. */
import type { AppContext, Feature } from '../../context';
import { preferencesRoutes } from './routes';
import { preferencesService, type PreferencesService } from './service';

export function createPreferencesFeature(ctx: AppContext): Feature & { service: PreferencesService } {
  const service = preferencesService(ctx);
  return {
    name: 'notification-preferences',
    routes: (app, c) => preferencesRoutes(app, c, { preferences: service }),
    service,
  };
}

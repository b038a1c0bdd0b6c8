/** Builds the notifications feature once per app: the caller's inbox routes and the subscriptions that fill it. */
import type { AppContext, Feature } from '../../context';
import { inboxService } from './inbox-service';
import { notificationRoutes } from './routes';
import { notifier } from './service';
import { subscribeNotifications } from './subscriptions';

export function createNotificationsFeature(ctx: AppContext): Feature {
  const inbox = inboxService(ctx);
  const notify = notifier(ctx);
  return {
    name: 'notifications',
    routes: (app, c) => notificationRoutes(app, c, { inbox }),
    start: () => subscribeNotifications(ctx.events, notify),
  };
}

/** Builds the notifications feature once per app: the caller's inbox routes and the subscriptions that fill it. */
import type { AppContext, Feature } from '../../context';
import { inboxService } from './inbox-service';
import { notificationRoutes } from './routes';
import { notifier, type NotifierDeps } from './service';
import { dailyDigest, type DigestDeps } from './digest';
import { runsWorkers } from '../../jobs/jobs';
import type { PreferencesService } from '../notification-preferences';
import { subscribeNotifications } from './subscriptions';

/**
 * What this feature needs of others (wired in modules/index.ts): whether a post still exists (posts' API), whether
 * the person wants a kind in the app (preferences), and push.
 */
export interface NotificationDeps extends NotifierDeps, Omit<DigestDeps, 'preferences'> {
  postExists: (postId: string) => Promise<boolean>;
  preferences: PreferencesService;
}

/** How often due digests are looked for: each goes out within the hour after its day is up. */
const DIGEST_EVERY_MS = 3_600_000;

export function createNotificationsFeature(ctx: AppContext, deps: NotificationDeps): Feature {
  const inbox = inboxService(ctx);
  const notify = notifier(ctx, deps);
  return {
    name: 'notifications',
    routes: (app, c) => notificationRoutes(app, c, { inbox }),
    start: () => {
      const stop = subscribeNotifications(ctx.events, notify, deps.postExists);
      if (!runsWorkers(ctx.config.role)) return stop;
      const digest = dailyDigest(ctx, deps);
      const log = ctx.log.child({ feature: 'notifications' });
      const timer = setInterval(() => {
        digest.sweep().catch((err: unknown) => log.warn({ err }, 'daily digest sweep failed'));
      }, DIGEST_EVERY_MS);
      timer.unref();
      return () => {
        clearInterval(timer);
        stop();
      };
    },
  };
}

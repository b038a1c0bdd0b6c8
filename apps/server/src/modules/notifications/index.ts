/** The notifications feature: the caller's list, read marks and clearing. Live pushes go through realtime/server.ts. */
import type { Feature } from '../index';
import { notificationRoutes } from './routes';

export const notificationsFeature: Feature = { name: 'notifications', routes: notificationRoutes };

/** The notifications feature: its routes, realtime handlers and background work. */
import type { Feature } from '../index';

export const notificationsFeature: Feature = { name: 'notifications' };

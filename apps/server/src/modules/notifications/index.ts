/**
 * The notifications feature's public API. Nobody calls it to notify: it subscribes to the domain events
 * other features publish (lib/events.ts) and stores what each recipient should hear of.
 */
export { createNotificationsFeature } from './feature';
export { notificationTexts } from './texts';
export { dailyDigest } from './digest';

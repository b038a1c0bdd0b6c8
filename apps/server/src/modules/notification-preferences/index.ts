/**
 * The notification-preferences feature's public API. It owns `notification_preferences`: per kind and channel
 * (in the app, pushed, in the daily digest), hidden previews, quiet hours and the digest's mark.
 */
export { createPreferencesFeature } from './feature';
export { allowsEmail, allowsPush, type PreferencesService } from './service';
export { inQuietHours } from './quiet-hours';

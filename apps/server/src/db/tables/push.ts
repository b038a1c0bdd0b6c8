/** Tables of Web Push and notification preferences (modules/push, modules/notification-preferences). */

export interface PushSubscriptionsTable {
  id: string;
  user_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  created_at: string;
}

export interface NotificationPreferencesTable {
  user_id: string;
  /** JSON: `{ messages: { inApp, push, email }, … }`. */
  kinds: string;
  hide_previews: number;
  quiet_start: string | null;
  quiet_end: string | null;
  time_zone: string;
  push_while_active: number;
  digest: 'off' | 'daily';
  digest_since: string | null;
  updated_at: string;
}

export interface PushTables {
  push_subscriptions: PushSubscriptionsTable;
  notification_preferences: NotificationPreferencesTable;
}

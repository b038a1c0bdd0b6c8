/** What a person hears of before they change anything, and which kind each notification is. */
import { NOTIFICATION_KINDS, type NotificationKind, type NotificationPreferences } from '@plaza/contract';

/** Every kind in the app and pushed; the email channel only matters once the daily digest is on (it is off). */
export const DEFAULT_PREFERENCES: NotificationPreferences = {
  kinds: Object.fromEntries(
    NOTIFICATION_KINDS.map((kind) => [kind, { inApp: true, push: true, email: true }]),
  ) as NotificationPreferences['kinds'],
  hidePreviews: false,
  quietHours: null,
  digest: 'off',
  timeZone: 'UTC',
  pushWhileActive: false,
};

/**
 * The kind a notification type belongs to; null for what the person always hears of (a moderation notice). Keyed
 * by string so types added elsewhere (`mention`) fall in by name.
 */
const KIND_OF_TYPE: Readonly<Record<string, NotificationKind>> = {
  message: 'messages',
  group_message: 'messages',
  friend_request: 'requests',
  friend_accept: 'requests',
  post_comment: 'comments',
  post_reaction: 'reactions',
  comment_like: 'reactions',
  mention: 'mentions',
};

export const kindOfType = (type: string): NotificationKind | null => KIND_OF_TYPE[type] ?? null;

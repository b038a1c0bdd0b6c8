/** Web Push and notification preferences (product.md § Push notifications and preferences). */
import { z } from 'zod';

/** The VAPID public key a browser subscribes with (`applicationServerKey`). */
export const pushPublicKeyResponseSchema = z
  .object({ success: z.literal(true), key: z.string() })
  .meta({ id: 'PushPublicKey', description: "The server's VAPID public key, URL-safe base64 (an uncompressed P-256 point)." });

const base64url = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, 'Must be URL-safe base64');

/** The endpoint a push service gave the browser: https, or http on trial setups (the server decides what it reaches). */
const endpointSchema = z
  .string()
  .max(2048)
  .refine((s) => /^https?:\/\//.test(s) && URL.canParse(s), 'Must be an http(s) URL');

export const pushSubscriptionBodySchema = z
  .object({
    endpoint: endpointSchema,
    keys: z.object({ p256dh: base64url(200), auth: base64url(100) }),
  })
  .meta({
    id: 'PushSubscriptionBody',
    description: "What the browser's `PushSubscription.toJSON()` gives (its `expirationTime` is ignored).",
  });
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBodySchema>;

export const pushUnsubscribeBodySchema = z.object({ endpoint: endpointSchema });

/** What the service worker receives in a push, encrypted for the device. */
export const pushPayloadSchema = z.object({
  type: z.string(),
  title: z.string(),
  body: z.string(),
  /** The screen tapping it opens, a path of the web app (`/chat/ana`). */
  url: z.string(),
  /** Pushes with one tag replace each other on the device: five messages from one friend are one notification. */
  tag: z.string(),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;

export const NOTIFICATION_KINDS = ['messages', 'requests', 'comments', 'reactions', 'mentions'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const notificationChannelsSchema = z.object({ inApp: z.boolean(), push: z.boolean(), email: z.boolean() });

const clockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Must be a time such as 22:00');

/** An IANA time zone name the runtime knows (`Europe/Madrid`, `UTC`). */
export const timeZoneSchema = z
  .string()
  .min(1)
  .max(64)
  .refine((zone) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  }, 'Must be a time zone such as Europe/Madrid');

const preferenceFields = {
  kinds: z.object({
    messages: notificationChannelsSchema,
    requests: notificationChannelsSchema,
    comments: notificationChannelsSchema,
    reactions: notificationChannelsSchema,
    mentions: notificationChannelsSchema,
  }),
  /** Pushes say who and what, never the text of a message, comment or mention. */
  hidePreviews: z.boolean(),
  /** Nothing is pushed between `start` and `end` (in `timeZone`); may span midnight. */
  quietHours: z.object({ start: clockTime, end: clockTime }).nullable(),
  digest: z.enum(['off', 'daily']),
};

export const notificationPreferencesSchema = z
  .object({
    ...preferenceFields,
    /** Where quiet hours are counted: the browser's zone, sent with the preferences (default UTC). */
    timeZone: timeZoneSchema,
    /** Push even while a Plaza tab is open (default: only when none is). */
    pushWhileActive: z.boolean(),
  })
  .meta({ id: 'NotificationPreferences', description: 'What the caller hears of, and where: per kind and channel.' });
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

/** The same shape; `timeZone` and `pushWhileActive` may be left out (they keep their value). */
export const notificationPreferencesBodySchema = z.object({
  ...preferenceFields,
  timeZone: timeZoneSchema.optional(),
  pushWhileActive: z.boolean().optional(),
});
export type NotificationPreferencesBody = z.infer<typeof notificationPreferencesBodySchema>;

export const notificationPreferencesResponseSchema = z.object({
  success: z.literal(true),
  preferences: notificationPreferencesSchema,
});

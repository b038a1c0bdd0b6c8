/** Notifications (product.md § Notifications). */
import { z } from 'zod';
import { PAGE_SIZES } from './constants';
import { idSchema, pageQuery, paginationSchema, publicUserSchema } from './common';

export const NOTIFICATION_TYPES = [
  'friend_request',
  'friend_accept',
  'post_reaction',
  'post_comment',
  'comment_like',
  'content_removed',
  'mention',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const notificationSchema = z
  .object({
    _id: z.string(),
    type: z.enum(NOTIFICATION_TYPES),
    actor: publicUserSchema,
    entityId: z.string().nullable(),
    text: z.string(),
    read: z.boolean(),
    createdAt: z.string(),
  })
  .meta({
    id: 'Notification',
    description: 'Something another person did that concerns the caller; also pushed live as the `notification` socket event.',
  });
export type Notification = z.infer<typeof notificationSchema>;

export const notificationsQuerySchema = pageQuery(PAGE_SIZES.notifications);

export const notificationsResponseSchema = z.object({
  success: z.literal(true),
  notifications: z.array(notificationSchema),
  unreadCount: z.number(),
  pagination: paginationSchema,
});
export type NotificationsResponse = z.infer<typeof notificationsResponseSchema>;

export const notificationParamsSchema = z.object({ id: idSchema });

export const notificationReadResponseSchema = z.object({ success: z.literal(true), _id: z.string(), read: z.literal(true) });
export const notificationsClearedResponseSchema = z.object({ success: z.literal(true), deleted: z.number() });

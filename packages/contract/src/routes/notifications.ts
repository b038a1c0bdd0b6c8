/** The operations of the caller's notifications (product.md § Notifications). */
import {
  notificationParamsSchema,
  notificationReadResponseSchema,
  notificationsClearedResponseSchema,
  notificationsQuerySchema,
  notificationsResponseSchema,
} from '../notifications';
import { defineOperation } from '../operation';

export const notificationOperations = {
  listNotifications: defineOperation({
    operationId: 'listNotifications',
    method: 'GET',
    path: '/users/notifications',
    summary: 'Your notifications, newest first',
    tags: ['notifications'],
    auth: true,
    querystring: notificationsQuerySchema,
    responses: { 200: notificationsResponseSchema },
    errors: [400, 401],
  }),
  markNotificationRead: defineOperation({
    operationId: 'markNotificationRead',
    method: 'PUT',
    path: '/users/notifications/:id/read',
    summary: 'Mark one of your notifications read',
    tags: ['notifications'],
    auth: true,
    params: notificationParamsSchema,
    responses: { 200: notificationReadResponseSchema },
    errors: [400, 401, 404],
  }),
  clearNotifications: defineOperation({
    operationId: 'clearNotifications',
    method: 'DELETE',
    path: '/users/notifications/clear',
    summary: 'Delete all your notifications',
    tags: ['notifications'],
    auth: true,
    responses: { 200: notificationsClearedResponseSchema },
    errors: [401],
  }),
};

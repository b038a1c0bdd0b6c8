/** The operations of Web Push and notification preferences (product.md § Push notifications and preferences). */
import { successSchema } from '../common';
import { defineOperation } from '../operation';
import {
  notificationPreferencesBodySchema,
  notificationPreferencesResponseSchema,
  pushPublicKeyResponseSchema,
  pushSubscriptionBodySchema,
  pushUnsubscribeBodySchema,
} from '../push';

export const pushOperations = {
  getPushPublicKey: defineOperation({
    operationId: 'getPushPublicKey',
    method: 'GET',
    path: '/push/public-key',
    summary: "The server's VAPID public key, to subscribe a browser with",
    tags: ['notifications'],
    auth: true,
    responses: { 200: pushPublicKeyResponseSchema },
    errors: [401],
  }),
  addPushSubscription: defineOperation({
    operationId: 'addPushSubscription',
    method: 'POST',
    path: '/push/subscriptions',
    summary: 'Receive pushes on this device',
    description:
      'One subscription per device (its endpoint). Sending one again refreshes its keys; an endpoint of someone else is refused.',
    tags: ['notifications'],
    auth: true,
    body: pushSubscriptionBodySchema,
    responses: { 201: successSchema },
    errors: [400, 401, 403],
  }),
  removePushSubscription: defineOperation({
    operationId: 'removePushSubscription',
    method: 'DELETE',
    path: '/push/subscriptions',
    summary: 'Stop pushes to this device',
    tags: ['notifications'],
    auth: true,
    body: pushUnsubscribeBodySchema,
    responses: { 200: successSchema },
    errors: [400, 401, 404],
  }),
  getNotificationPreferences: defineOperation({
    operationId: 'getNotificationPreferences',
    method: 'GET',
    path: '/users/me/notification-preferences',
    summary: 'What you hear of, and where',
    tags: ['notifications'],
    auth: true,
    responses: { 200: notificationPreferencesResponseSchema },
    errors: [401],
  }),
  putNotificationPreferences: defineOperation({
    operationId: 'putNotificationPreferences',
    method: 'PUT',
    path: '/users/me/notification-preferences',
    summary: 'Change what you hear of, and where',
    tags: ['notifications'],
    auth: true,
    body: notificationPreferencesBodySchema,
    responses: { 200: notificationPreferencesResponseSchema },
    errors: [400, 401],
  }),
};

/** The operations of friend requests and friendships (CONTRACT "Users, connections, search"). */
import { defineOperation } from '../operation';
import {
  connectionChangeResponseSchema,
  connectionStatusParamsSchema,
  connectionStatusResponseSchema,
  friendRequestParamsSchema,
  targetUserBodySchema,
} from '../people';

export const connectionOperations = {
  getConnectionStatus: defineOperation({
    operationId: 'getConnectionStatus',
    method: 'GET',
    path: '/users/follow/connection-status/:targetUserId',
    summary: 'How you stand with another user',
    tags: ['connections'],
    auth: true,
    params: connectionStatusParamsSchema,
    responses: { 200: connectionStatusResponseSchema },
    errors: [400, 401, 404],
  }),
  actOnFriendRequest: defineOperation({
    operationId: 'actOnFriendRequest',
    method: 'POST',
    path: '/users/follow/friend-request/:actionType',
    summary: 'Send, accept, decline or cancel a friend request',
    description: 'Sending when the other person already asked makes you friends at once.',
    tags: ['connections'],
    auth: true,
    params: friendRequestParamsSchema,
    body: targetUserBodySchema,
    responses: { 200: connectionChangeResponseSchema },
    errors: [400, 401, 404, 409, 429],
  }),
  removeFriend: defineOperation({
    operationId: 'removeFriend',
    method: 'POST',
    path: '/users/follow/friend-request/friend/remove',
    summary: 'Remove a friend',
    tags: ['connections'],
    auth: true,
    body: targetUserBodySchema,
    responses: { 200: connectionChangeResponseSchema },
    errors: [400, 401, 404, 409, 429],
  }),
};

/** People: network, profiles, user search, friend requests and suggestions (product.md § Network and connections, § Profiles, § Search, § Suggestions). */
import { z } from 'zod';
import { LIMITS, PAGE_SIZES } from './constants';
import { idSchema, pageQuery, paginationSchema, publicUserSchema, selfUserSchema } from './common';

/** How the caller stands with another user; `loading` and `error` of product.md § Network and connections are client-only states. */
export const CONNECTION_STATUSES = ['not_connected', 'request_sent', 'request_received', 'friends'] as const;
export type ConnectionStatus = (typeof CONNECTION_STATUSES)[number];
export const connectionStatusSchema = z.enum(CONNECTION_STATUSES);

/** The `{actionType}` of `POST /users/follow/friend-request/{actionType}`; removing a friend has its own path. */
export const FRIEND_REQUEST_ACTIONS = ['send', 'accept', 'decline', 'cancel'] as const;
export type FriendRequestAction = (typeof FRIEND_REQUEST_ACTIONS)[number];
export type ConnectionAction = FriendRequestAction | 'remove';

export const friendRequestParamsSchema = z.object({ actionType: z.enum(FRIEND_REQUEST_ACTIONS) });

export const targetUserBodySchema = z.object({ targetUserId: idSchema });

export const connectionChangeResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  targetUserId: z.string(),
  status: connectionStatusSchema,
});
export type ConnectionChangeResponse = z.infer<typeof connectionChangeResponseSchema>;

export const connectionStatusParamsSchema = z.object({ targetUserId: idSchema });
export const connectionStatusResponseSchema = z.object({
  success: z.literal(true),
  targetUserId: z.string(),
  status: connectionStatusSchema,
});
export type ConnectionStatusResponse = z.infer<typeof connectionStatusResponseSchema>;

export const SEARCH_QUERY_MAX = 100;

export const networkQuerySchema = pageQuery(PAGE_SIZES.network).extend({
  search: z.string().trim().max(SEARCH_QUERY_MAX).optional(),
  /** `friends` lists only the caller's friends (the network's Friends tab, the chat's new-conversation picker). */
  connection: z.enum(['friends']).optional(),
});
export type NetworkQuery = z.infer<typeof networkQuerySchema>;

export const networkUserSchema = publicUserSchema.extend({ connectionStatus: connectionStatusSchema }).meta({ id: 'NetworkUser' });
export type NetworkUser = z.infer<typeof networkUserSchema>;

export const networkPaginationSchema = z
  .object({
    currentPage: z.number(),
    totalUsers: z.number(),
    limit: z.number(),
    totalPages: z.number(),
    hasMore: z.boolean(),
  })
  .meta({ id: 'NetworkPagination' });
export type NetworkPagination = z.infer<typeof networkPaginationSchema>;

export const networkResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(networkUserSchema),
  pagination: networkPaginationSchema,
});

export const profileStatsSchema = z.object({ posts: z.number(), friends: z.number() });
export type ProfileStats = z.infer<typeof profileStatsSchema>;

const pathUserName = z.string().trim().min(1).max(LIMITS.handle.max);
export const ownProfileParamsSchema = z.object({ authUser: pathUserName });
export const visitedProfileParamsSchema = z.object({ authUser: pathUserName, userName: pathUserName });

export const ownProfileResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ user: selfUserSchema, stats: profileStatsSchema }),
});
export type OwnProfileResponse = z.infer<typeof ownProfileResponseSchema>;

export const visitedProfileResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    user: publicUserSchema,
    stats: profileStatsSchema,
    connectionStatus: connectionStatusSchema,
    mutualFriends: z.number(),
  }),
});

export const userSearchQuerySchema = z.object({ query: z.string().max(SEARCH_QUERY_MAX).default('') });
export const userSearchResponseSchema = z.object({ success: z.literal(true), users: z.array(publicUserSchema) });

export const suggestionsQuerySchema = pageQuery(PAGE_SIZES.suggestions);

export const suggestedUserSchema = publicUserSchema.extend({ mutualFriends: z.number() }).meta({ id: 'SuggestedUser' });
export type SuggestedUser = z.infer<typeof suggestedUserSchema>;

export const suggestionsResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ suggestions: z.array(suggestedUserSchema), pagination: paginationSchema }),
  message: z.string(),
});

export const FRIEND_REQUEST_DIRECTIONS = ['received', 'sent'] as const;
export type FriendRequestDirection = (typeof FRIEND_REQUEST_DIRECTIONS)[number];

export const friendRequestsQuerySchema = pageQuery(PAGE_SIZES.friendRequests).extend({
  direction: z.enum(FRIEND_REQUEST_DIRECTIONS).default('received'),
});
export type FriendRequestsQuery = z.infer<typeof friendRequestsQuerySchema>;

export const friendRequestUserSchema = publicUserSchema.extend({ requestedAt: z.string() }).meta({ id: 'FriendRequestUser' });
export type FriendRequestUser = z.infer<typeof friendRequestUserSchema>;

/** Newest request first. */
export const friendRequestsResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(friendRequestUserSchema),
  pagination: paginationSchema,
});

/** Socket `connectionUpdate`: `userId` changed how they stand with the receiver; `status` as the receiver sees it. */
export const connectionUpdateEventSchema = z.object({ userId: z.string(), status: connectionStatusSchema });
export type ConnectionUpdateEvent = z.infer<typeof connectionUpdateEventSchema>;

/**
 * Pending friend requests (product.md § Network and connections): those waiting for the caller's answer
 * and those the caller sent, newest first, paged. Each person carries the status a connection button
 * needs, so a change written by `writeConnectionStatus` reaches these lists like any other.
 */
import {
  PAGE_SIZES,
  type ConnectionStatus,
  type FriendRequestDirection,
  type FriendRequestUser,
  type OperationResponse,
} from '@plaza/contract';
import { operationRequest } from '../../api/operation';
import { operations } from '../../api/operations';
import { plazaApi } from '../../api/plaza-api';
import { personTags } from './status-cache';

export const REQUESTS_ERROR_TEXT = 'Failed to load friend requests';

export type RequestPerson = FriendRequestUser & { connectionStatus: ConnectionStatus };

export interface RequestsPage {
  people: RequestPerson[];
  total: number;
  page: number;
  hasMore: boolean;
}

const STATUS_OF: Record<FriendRequestDirection, ConnectionStatus> = { received: 'request_received', sent: 'request_sent' };

export const requestsApi = plazaApi.injectEndpoints({
  endpoints: (build) => ({
    friendRequests: build.infiniteQuery<RequestsPage, FriendRequestDirection, number>({
      infiniteQueryOptions: { initialPageParam: 1, getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined) },
      query: ({ queryArg: direction, pageParam: page }) =>
        operationRequest(operations.listFriendRequests, {
          query: { direction, page, limit: PAGE_SIZES.friendRequests },
          fallback: { error: REQUESTS_ERROR_TEXT, message: REQUESTS_ERROR_TEXT },
        }),
      transformResponse: (res: OperationResponse<typeof operations.listFriendRequests>, _meta, { queryArg: direction }) => ({
        people: res.data.map((u) => ({ ...u, connectionStatus: STATUS_OF[direction] })),
        total: res.pagination.total,
        page: res.pagination.currentPage,
        hasMore: res.pagination.hasMore,
      }),
      providesTags: (data, _error, direction) => [
        { type: 'Requests', id: direction },
        ...personTags(
          'Requests',
          (data?.pages ?? []).flatMap((p) => p.people),
        ),
      ],
    }),
  }),
});

export const { useFriendRequestsInfiniteQuery } = requestsApi;

/** How many requests wait for the caller's answer (the Network badge), from the first page's total. */
export function useReceivedRequestCount(): number {
  const { data } = useFriendRequestsInfiniteQuery('received');
  return data?.pages[0]?.total ?? 0;
}

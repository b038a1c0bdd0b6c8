/**
 * Connection endpoints (product.md § Network and connections): a status check and the five changes.
 * A change shows its expected status at once in every cached list that holds the person, takes it back
 * if the server refuses, and then refetches what the change made stale.
 */
import type { ConnectionAction, OperationResponse } from '@plaza/contract';
import { operations } from '../../api/operations';
import type { ApiRequest } from '../../api/base-query';
import { operationRequest } from '../../api/operation';
import { plazaApi } from '../../api/plaza-api';
import { failureWasCanceled, sameSession } from './lifecycle';
import { CONNECTION_ERRORS, EXPECTED_STATUS } from './statuses';
import { writeConnectionStatus, type PersonWithStatus } from './status-cache';

export interface ConnectionChange {
  targetUserId: string;
  action: ConnectionAction;
}

/** The four friend-request changes share `{actionType}`; removing a friend is an operation of its own. */
function connectionRequest({ targetUserId, action }: ConnectionChange): ApiRequest {
  const fallback = { error: CONNECTION_ERRORS[action], message: CONNECTION_ERRORS[action] };
  const body = { targetUserId };
  return action === 'remove'
    ? operationRequest(operations.removeFriend, { body, fallback })
    : operationRequest(operations.actOnFriendRequest, { params: { actionType: action }, body, fallback });
}

/**
 * What a confirmed change makes stale beyond the statuses already written: the status check and the
 * person's profile (friend and mutual counts) always; when a friendship began or ended, the caller's own
 * profile and the suggestions (friends of friends changed). Network lists are not refetched: their statuses
 * are already right, and a refetch racing a second click would briefly show that click undone.
 */
function staleAfter(action: ConnectionAction, targetUserId: string) {
  // The request lists gain or lose this person (and the Network badge its count).
  const requests = action === 'cancel' || action === 'send' ? 'sent' : 'received';
  const tags = [
    { type: 'Connection' as const, id: targetUserId },
    { type: 'Profile' as const, id: targetUserId },
    { type: 'Requests' as const, id: requests },
  ];
  // Answering a request marks its notification read on the server.
  if (action === 'decline') return [...tags, 'Notifications' as const];
  if (action !== 'accept' && action !== 'remove') return tags;
  return [
    ...tags,
    'Me' as const,
    'Notifications' as const,
    { type: 'Suggestions' as const, id: 'LIST' },
    { type: 'Network' as const, id: 'FRIENDS' },
  ];
}

export const connectionsApi = plazaApi.injectEndpoints({
  endpoints: (build) => ({
    connectionStatus: build.query<PersonWithStatus, string>({
      query: (targetUserId) =>
        operationRequest(operations.getConnectionStatus, {
          params: { targetUserId },
          fallback: { error: CONNECTION_ERRORS.status, message: CONNECTION_ERRORS.status },
        }),
      transformResponse: (res: OperationResponse<typeof operations.getConnectionStatus>): PersonWithStatus => ({
        _id: res.targetUserId,
        connectionStatus: res.status,
      }),
      providesTags: (_result, _error, targetUserId) => [{ type: 'Connection', id: targetUserId }],
      // What is true now goes everywhere the person is shown.
      async onQueryStarted(targetUserId, { dispatch, queryFulfilled, ...lifecycle }) {
        const stillSignedIn = sameSession(() => lifecycle.getState());
        try {
          const { data } = await queryFulfilled;
          if (stillSignedIn()) dispatch(writeConnectionStatus(targetUserId, data.connectionStatus));
        } catch {
          // The caller shows the failure.
        }
      },
    }),

    // removeFriend answers as actOnFriendRequest does.
    changeConnection: build.mutation<
      OperationResponse<typeof operations.actOnFriendRequest | typeof operations.removeFriend>,
      ConnectionChange
    >({
      query: connectionRequest,
      async onQueryStarted({ targetUserId, action }, { dispatch, queryFulfilled, ...lifecycle }) {
        const stillSignedIn = sameSession(() => lifecycle.getState());
        const expected = EXPECTED_STATUS[action];
        const optimistic = dispatch(writeConnectionStatus(targetUserId, expected));
        try {
          const { data } = await queryFulfilled;
          // Both asked at once, say: the server turned a send into a friendship.
          if (data.status !== expected && stillSignedIn()) dispatch(writeConnectionStatus(targetUserId, data.status));
        } catch (failure) {
          if (!failureWasCanceled(failure) && stillSignedIn()) for (const patch of optimistic) patch.undo();
        }
      },
      invalidatesTags: (result, _error, { targetUserId, action }) => (result ? staleAfter(action, targetUserId) : []),
    }),
  }),
});

export const { useLazyConnectionStatusQuery, useChangeConnectionMutation } = connectionsApi;

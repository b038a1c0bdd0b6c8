/**
 * The signed-in user's notifications (product.md § Notifications): newest first, twenty a page,
 * with the unread count the first page carries. Marking one read shows at once and is taken back if the
 * server refuses; clear-all empties the list; live arrivals go on top once.
 */
import { PAGE_SIZES, type Notification, type OperationResponse } from '@plaza/contract';
import { operations } from '../../api/operations';
import type { InfiniteData } from '@reduxjs/toolkit/query';
import { operationRequest } from '../../api/operation';
import { plazaApi } from '../../api/plaza-api';
import { textsIn } from '../../lib/fallback-texts';
import { failureWasCanceled, sameSession } from '../connections';

export const NOTIFICATION_ERRORS = textsIn({
  fetch: 'errors.notifications.fetch',
  markRead: 'errors.notifications.markRead',
  clear: 'errors.notifications.clear',
});

type NotificationsPage = OperationResponse<typeof operations.listNotifications>;

export type NotificationPages = InfiniteData<NotificationsPage, number>;

const fallback = (text: string) => ({ error: text, message: text });

/** The count on the bell: what the server said with the first page, kept in step with changes since. */
export const unreadCountOf = (data: NotificationPages | undefined): number => data?.pages[0]?.unreadCount ?? 0;

export const notificationsOf = (data: NotificationPages | undefined): Notification[] => data?.pages.flatMap((p) => p.notifications) ?? [];

function setRead(data: NotificationPages, id: string): void {
  const item = data.pages.flatMap((p) => p.notifications).find((n) => n._id === id);
  if (!item || item.read) return;
  item.read = true;
  const first = data.pages[0];
  first.unreadCount = Math.max(0, first.unreadCount - 1);
}

export const notificationsApi = plazaApi.injectEndpoints({
  endpoints: (build) => ({
    notifications: build.infiniteQuery<NotificationsPage, void, number>({
      infiniteQueryOptions: {
        initialPageParam: 1,
        getNextPageParam: (last) => (last.pagination.hasMore ? last.pagination.currentPage + 1 : undefined),
      },
      query: ({ pageParam }) =>
        operationRequest(operations.listNotifications, {
          query: { page: pageParam, limit: PAGE_SIZES.notifications },
          fallback: fallback(NOTIFICATION_ERRORS.fetch),
        }),
      providesTags: ['Notifications'],
    }),

    markNotificationRead: build.mutation<OperationResponse<typeof operations.markNotificationRead>, string>({
      query: (id) =>
        operationRequest(operations.markNotificationRead, { params: { id }, fallback: fallback(NOTIFICATION_ERRORS.markRead) }),
      async onQueryStarted(id, { dispatch, queryFulfilled, ...lifecycle }) {
        const stillSignedIn = sameSession(() => lifecycle.getState());
        const patch = dispatch(notificationsApi.util.updateQueryData('notifications', undefined, (draft) => setRead(draft, id)));
        try {
          await queryFulfilled;
        } catch (failure) {
          if (!failureWasCanceled(failure) && stillSignedIn()) patch.undo();
        }
      },
    }),

    clearNotifications: build.mutation<OperationResponse<typeof operations.clearNotifications>, void>({
      query: () => operationRequest(operations.clearNotifications, { fallback: fallback(NOTIFICATION_ERRORS.clear) }),
      async onQueryStarted(_, { dispatch, queryFulfilled, ...lifecycle }) {
        const stillSignedIn = sameSession(() => lifecycle.getState());
        try {
          await queryFulfilled;
        } catch {
          return; // The panel says so; the list stays as it was.
        }
        if (!stillSignedIn()) return;
        dispatch(
          notificationsApi.util.updateQueryData('notifications', undefined, (draft) => {
            const first = draft.pages[0];
            if (!first) return;
            draft.pages = [{ ...first, notifications: [], unreadCount: 0, pagination: { ...first.pagination, hasMore: false, total: 0 } }];
            draft.pageParams = [draft.pageParams[0]];
          }),
        );
      },
    }),
  }),
});

export const { useNotificationsInfiniteQuery, useMarkNotificationReadMutation, useClearNotificationsMutation } = notificationsApi;

/** A notification pushed over the socket: on top of the cached list once, one more on the bell, and what it says about connections. */
import type { Notification } from '@plaza/contract';
import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import { connectionNoticed } from '../connections';
import { notificationsApi, notificationsOf } from './api';

const selectList = notificationsApi.endpoints.notifications.select();
type State = Parameters<typeof selectList>[0];

export const notificationArrived =
  (notification: Notification): ThunkAction<void, State, unknown, UnknownAction> =>
  (dispatch, getState) => {
    dispatch(
      notificationsApi.util.updateQueryData('notifications', undefined, (draft) => {
        const first = draft.pages[0];
        if (!first || notificationsOf(draft).some((n) => n._id === notification._id)) return;
        first.notifications.unshift(notification);
        if (!notification.read) first.unreadCount += 1;
      }),
    );
    // A list still on its way (`isLoading` is any request in flight here) may have been read before this one was stored: ask again once it lands.
    const list = selectList(getState());
    if (list.isLoading || !list.data) dispatch(notificationsApi.util.invalidateTags(['Notifications']));
    dispatch(connectionNoticed(notification));
  };

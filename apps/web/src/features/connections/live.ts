/** What a live notification says about connections: a request arrived, or one the caller sent was accepted. */
import type { Notification } from '@plaza/contract';
import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import { plazaApi } from '../../api/plaza-api';
import { writeConnectionStatus, type ApiState } from './status-cache';

export const connectionNoticed =
  (notification: Notification): ThunkAction<void, ApiState, unknown, UnknownAction> =>
  (dispatch) => {
    const actorId = notification.actor._id;
    if (notification.type === 'friend_request') dispatch(writeConnectionStatus(actorId, 'request_received'));
    if (notification.type !== 'friend_accept') return;
    dispatch(writeConnectionStatus(actorId, 'friends'));
    // A new friendship: both friend counts and the friends of friends change.
    dispatch(plazaApi.util.invalidateTags([{ type: 'Profile', id: actorId }, 'Me', { type: 'Suggestions', id: 'LIST' }]));
  };

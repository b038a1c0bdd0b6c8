/**
 * Connections changed by someone else, live: what a notification says (a request arrived, one the caller
 * sent was accepted), and the `connectionUpdate` event (any change, removals and cancellations included).
 */
import type { ConnectionUpdateEvent, Notification } from '@plaza/contract';
import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import { plazaApi } from '../../api/plaza-api';
import { useAppDispatch } from '../../app/hooks';
import { useSocketEvent } from '../../lib/useSocketEvent';
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

/**
 * The other person changed how the two of you stand (socket `connectionUpdate`): their buttons show it
 * everywhere at once, and the request lists, counts and friends lists it touches load again.
 */
export function useConnectionUpdates(): void {
  const dispatch = useAppDispatch();
  useSocketEvent('connectionUpdate', ({ userId, status }: ConnectionUpdateEvent) => {
    dispatch(writeConnectionStatus(userId, status));
    dispatch(
      plazaApi.util.invalidateTags([
        { type: 'Requests', id: 'received' },
        { type: 'Requests', id: 'sent' },
        { type: 'Connection', id: userId },
        { type: 'Profile', id: userId },
        { type: 'Network', id: 'FRIENDS' },
        'Me',
        'Notifications',
        { type: 'Suggestions', id: 'LIST' },
      ]),
    );
  });
}

/** The calls that read or change how the signed-in user stands with someone (SPEC §7, fallbacks of §8). */
import type { ConnectionAction, ConnectionStatus } from '@plaza/contract';
import { createAsyncThunk } from '@reduxjs/toolkit';
import { peopleApi } from '../../api/people';
import { rejection, type PeopleRejection } from './request';

export const CONNECTION_ERRORS = {
  status: 'Error fetching connection status',
  send: 'Error sending friend request',
  accept: 'Error accepting friend request',
  decline: 'Error processing follow request',
  cancel: 'Error processing follow request',
  remove: 'Error removing friend',
} as const satisfies Record<ConnectionAction | 'status', string>;

/** What each action leads to (SPEC §4), shown at once and confirmed or corrected by the server. */
export const EXPECTED_STATUS: Record<ConnectionAction, ConnectionStatus> = {
  send: 'request_sent',
  accept: 'friends',
  decline: 'not_connected',
  cancel: 'not_connected',
  remove: 'not_connected',
};

export interface ConnectionChange {
  targetUserId: string;
  action: ConnectionAction;
}

export interface ConnectionChanged {
  targetUserId: string;
  status: ConnectionStatus;
  /** The last confirmed status before this change, so counts elsewhere can follow (e.g. a profile's friends). */
  previous: ConnectionStatus;
}

interface ConnectionsSliceShape {
  connections: { byUserId: Record<string, { settled: ConnectionStatus } | undefined> };
}

export const fetchConnectionStatus = createAsyncThunk<
  { targetUserId: string; status: ConnectionStatus },
  string,
  { rejectValue: PeopleRejection }
>('connections/fetchStatus', async (targetUserId, { rejectWithValue }) => {
  try {
    const data = await peopleApi.connectionStatus(targetUserId);
    return { targetUserId, status: data.status };
  } catch (err) {
    return rejectWithValue(rejection(err, CONNECTION_ERRORS.status));
  }
});

export const changeConnection = createAsyncThunk<
  ConnectionChanged,
  ConnectionChange,
  { rejectValue: PeopleRejection; state: ConnectionsSliceShape }
>('connections/change', async ({ targetUserId, action }, { rejectWithValue, getState }) => {
  const previous = getState().connections.byUserId[targetUserId]?.settled ?? 'not_connected';
  try {
    const data = await peopleApi.changeConnection(action, targetUserId);
    return { targetUserId, status: data.status, previous };
  } catch (err) {
    return rejectWithValue(rejection(err, CONNECTION_ERRORS[action]));
  }
});

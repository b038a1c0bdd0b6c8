/**
 * How the signed-in user stands with each other user (SPEC §3 "Connection status", §4 transitions), by
 * target user id. Every screen that shows a connection button reads it here, so a change made on one card,
 * a profile or a live notification shows everywhere at once. Changes are optimistic: the expected status
 * shows immediately and the last confirmed one comes back if the server refuses.
 */
import type { ConnectionAction, ConnectionStatus } from '@plaza/contract';
import { createSlice } from '@reduxjs/toolkit';
import { fetchNetwork } from '../network/networkSlice';
import { notificationReceived } from '../notifications/notificationsSlice';
import { fetchProfile } from '../profile/profileSlice';
import { fetchSuggestions } from '../suggestions/suggestionsSlice';
import { changeConnection, CONNECTION_ERRORS, EXPECTED_STATUS, fetchConnectionStatus } from './connectionThunks';

/** The server's statuses plus the client-only `loading` and `error` of SPEC §4. */
export type ClientConnectionStatus = ConnectionStatus | 'loading' | 'error';

export interface ConnectionEntry {
  status: ClientConnectionStatus;
  /** The last status the server confirmed; a failed change returns to it. */
  settled: ConnectionStatus;
  /** The change in flight, if any. */
  pending: ConnectionAction | null;
  requestId: string | null;
  error: string | null;
}

export interface ConnectionsState {
  byUserId: Record<string, ConnectionEntry>;
}

export const initialConnectionsState: ConnectionsState = { byUserId: {} };

const entryOf = (state: ConnectionsState, id: string): ConnectionEntry =>
  (state.byUserId[id] ??= { status: 'not_connected', settled: 'not_connected', pending: null, requestId: null, error: null });

/** A status learned from the server (a list, a profile, a live event); a change in flight keeps its own. */
function learn(state: ConnectionsState, id: string, status: ConnectionStatus) {
  const entry = entryOf(state, id);
  if (entry.pending) return;
  entry.status = status;
  entry.settled = status;
  entry.error = null;
}

const connectionsSlice = createSlice({
  name: 'connections',
  initialState: initialConnectionsState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(fetchConnectionStatus.pending, (state, { meta }) => {
        const entry = entryOf(state, meta.arg);
        if (entry.pending) return;
        entry.status = 'loading';
        entry.requestId = meta.requestId;
      })
      .addCase(fetchConnectionStatus.fulfilled, (state, { meta, payload }) => {
        if (state.byUserId[meta.arg]?.requestId !== meta.requestId) return;
        learn(state, payload.targetUserId, payload.status);
      })
      .addCase(fetchConnectionStatus.rejected, (state, { meta, payload }) => {
        const entry = state.byUserId[meta.arg];
        if (!entry || entry.requestId !== meta.requestId || entry.pending || payload?.canceled) return;
        entry.status = 'error';
        entry.error = CONNECTION_ERRORS.status;
      })
      .addCase(changeConnection.pending, (state, { meta }) => {
        const entry = entryOf(state, meta.arg.targetUserId);
        entry.status = EXPECTED_STATUS[meta.arg.action];
        entry.pending = meta.arg.action;
        entry.requestId = meta.requestId;
        entry.error = null;
      })
      .addCase(changeConnection.fulfilled, (state, { meta, payload }) => {
        const entry = entryOf(state, payload.targetUserId);
        if (entry.requestId !== meta.requestId) return;
        entry.pending = null;
        learn(state, payload.targetUserId, payload.status);
      })
      .addCase(changeConnection.rejected, (state, { meta, payload }) => {
        const entry = state.byUserId[meta.arg.targetUserId];
        // A request canceled as a duplicate has a newer twin in flight that will settle the entry.
        if (!entry || entry.requestId !== meta.requestId || payload?.canceled) return;
        entry.pending = null;
        entry.status = entry.settled;
        entry.error = CONNECTION_ERRORS[meta.arg.action];
      })
      .addCase(fetchNetwork.fulfilled, (state, { payload }) => {
        for (const user of payload.users) learn(state, user._id, user.connectionStatus);
      })
      .addCase(fetchProfile.fulfilled, (state, { payload }) => {
        if (payload.connectionStatus) learn(state, payload.user._id, payload.connectionStatus);
      })
      .addCase(fetchSuggestions.fulfilled, (state, { payload }) => {
        // The server never suggests a friend or someone with a pending request.
        for (const user of payload) learn(state, user._id, 'not_connected');
      })
      .addCase(notificationReceived, (state, { payload }) => {
        if (payload.type === 'friend_request') learn(state, payload.actor._id, 'request_received');
        else if (payload.type === 'friend_accept') learn(state, payload.actor._id, 'friends');
      });
  },
});

export default connectionsSlice.reducer;

interface WithConnections {
  connections: ConnectionsState;
}

/** The status to show for a user: the slice's, or what the list or profile said when nothing is known yet. */
export const selectConnectionStatus = (
  state: WithConnections,
  userId: string,
  fallback: ConnectionStatus = 'not_connected',
): ClientConnectionStatus => state.connections.byUserId[userId]?.status ?? fallback;

export const selectConnectionEntry = (state: WithConnections, userId: string): ConnectionEntry | undefined =>
  state.connections.byUserId[userId];

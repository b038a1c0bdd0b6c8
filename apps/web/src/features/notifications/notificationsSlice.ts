/**
 * The signed-in user's notifications (SPEC §4): the list with its unread count; marking one read
 * updates its read flag (optimistically, rolled back on failure); clear-all empties the list; live
 * arrivals from the socket are prepended once.
 */
import type { Notification } from '@plaza/contract';
import { createAsyncThunk, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { notificationsApi } from '../../api/notifications';
import { rejection, type PeopleRejection, type RequestStatus } from '../connections/request';

export const NOTIFICATION_ERRORS = {
  fetch: 'Failed to fetch notifications',
  markRead: 'Failed to mark notification as read',
  clear: 'Failed to clear notifications',
} as const;

export interface NotificationsState {
  items: Notification[];
  unreadCount: number;
  status: RequestStatus;
  clearStatus: RequestStatus;
  error: string | null;
}

export const initialNotificationsState: NotificationsState = {
  items: [],
  unreadCount: 0,
  status: 'idle',
  clearStatus: 'idle',
  error: null,
};

type Rejected = { rejectValue: PeopleRejection };

export const fetchNotifications = createAsyncThunk<{ notifications: Notification[]; unreadCount: number }, void, Rejected>(
  'notifications/fetch',
  async (_, { rejectWithValue }) => {
    try {
      const data = await notificationsApi.list();
      return { notifications: data.notifications, unreadCount: data.unreadCount };
    } catch (err) {
      return rejectWithValue(rejection(err, NOTIFICATION_ERRORS.fetch));
    }
  },
);

export const markNotificationRead = createAsyncThunk<{ _id: string; read: boolean }, string, Rejected>(
  'notifications/markRead',
  async (id, { rejectWithValue }) => {
    try {
      const data = await notificationsApi.markRead(id);
      return { _id: data._id, read: data.read };
    } catch (err) {
      return rejectWithValue(rejection(err, NOTIFICATION_ERRORS.markRead));
    }
  },
);

/** There is no bulk endpoint, so every unread one is marked on its own; resolves to how many failed. */
export const markAllNotificationsRead = createAsyncThunk<number, void, { state: { notifications: NotificationsState } }>(
  'notifications/markAllRead',
  async (_, { getState, dispatch }) => {
    const unread = getState().notifications.items.filter((n) => !n.read);
    const results = await Promise.all(unread.map((n) => dispatch(markNotificationRead(n._id))));
    return results.filter((r) => markNotificationRead.rejected.match(r) && !r.payload?.canceled).length;
  },
);

export const clearNotifications = createAsyncThunk<number, void, Rejected>('notifications/clear', async (_, { rejectWithValue }) => {
  try {
    return (await notificationsApi.clear()).deleted;
  } catch (err) {
    return rejectWithValue(rejection(err, NOTIFICATION_ERRORS.clear));
  }
});

function setRead(state: NotificationsState, id: string, read: boolean) {
  const item = state.items.find((n) => n._id === id);
  if (!item || item.read === read) return;
  item.read = read;
  state.unreadCount = Math.max(0, state.unreadCount + (read ? -1 : 1));
}

const notificationsSlice = createSlice({
  name: 'notifications',
  initialState: initialNotificationsState,
  reducers: {
    notificationReceived(state, action: PayloadAction<Notification>) {
      if (state.items.some((n) => n._id === action.payload._id)) return;
      state.items.unshift(action.payload);
      if (!action.payload.read) state.unreadCount += 1;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(fetchNotifications.pending, (state) => {
        state.status = 'loading';
        state.error = null;
      })
      .addCase(fetchNotifications.fulfilled, (state, { payload }) => {
        state.status = 'succeeded';
        // Anything pushed live while the request ran is kept, at the top.
        const fetched = new Set(payload.notifications.map((n) => n._id));
        const liveOnly = state.items.filter((n) => !fetched.has(n._id));
        state.items = [...liveOnly, ...payload.notifications];
        state.unreadCount = payload.unreadCount + liveOnly.filter((n) => !n.read).length;
      })
      .addCase(fetchNotifications.rejected, (state, { payload }) => {
        if (payload?.canceled) return;
        state.status = 'failed';
        state.error = NOTIFICATION_ERRORS.fetch;
      })
      .addCase(markNotificationRead.pending, (state, { meta }) => setRead(state, meta.arg, true))
      .addCase(markNotificationRead.fulfilled, (state, { payload }) => setRead(state, payload._id, payload.read))
      .addCase(markNotificationRead.rejected, (state, { meta, payload }) => {
        if (payload?.canceled) return;
        setRead(state, meta.arg, false);
        state.error = NOTIFICATION_ERRORS.markRead;
      })
      .addCase(clearNotifications.pending, (state) => {
        state.clearStatus = 'loading';
      })
      .addCase(clearNotifications.fulfilled, (state) => {
        state.clearStatus = 'succeeded';
        state.items = [];
        state.unreadCount = 0;
        state.error = null;
      })
      .addCase(clearNotifications.rejected, (state, { payload }) => {
        if (payload?.canceled) return;
        state.clearStatus = 'failed';
        state.error = NOTIFICATION_ERRORS.clear;
      });
  },
});

export const { notificationReceived } = notificationsSlice.actions;
export default notificationsSlice.reducer;

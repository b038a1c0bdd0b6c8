import type { Notification } from '@plaza/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { notificationsApi } from '../../api/notifications';
import { httpError, publicUser, signedInStore } from '../connections/testing';
import { badgeText } from './NotificationsBell';
import {
  clearNotifications,
  fetchNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  notificationReceived,
} from './notificationsSlice';
import { compactAge } from './relativeTime';

vi.mock('../../api/notifications', () => ({ notificationsApi: { list: vi.fn(), markRead: vi.fn(), clear: vi.fn() } }));

const api = vi.mocked(notificationsApi);

const note = (id: string, read = false, type: Notification['type'] = 'friend_request'): Notification => ({
  _id: id,
  type,
  actor: publicUser(),
  entityId: null,
  text: `notification ${id}`,
  read,
  createdAt: '2025-06-01T10:00:00.000Z',
});

async function loadedStore(items: Notification[]) {
  const store = signedInStore();
  api.list.mockResolvedValueOnce({
    success: true,
    notifications: items,
    unreadCount: items.filter((n) => !n.read).length,
    pagination: { currentPage: 1, limit: 20, totalPages: 1, hasMore: false, total: items.length },
  });
  await store.dispatch(fetchNotifications());
  return store;
}

beforeEach(() => vi.resetAllMocks());

describe('notifications (SPEC §4)', () => {
  it('loads the list with its unread count', async () => {
    const store = await loadedStore([note('a'), note('b', true)]);
    expect(store.getState().notifications).toMatchObject({ status: 'succeeded', unreadCount: 1 });
    expect(store.getState().notifications.items.map((n) => n._id)).toEqual(['a', 'b']);
  });

  it('a failed load shows the SPEC §8 text', async () => {
    const store = signedInStore();
    api.list.mockRejectedValueOnce(httpError(500, { error: 'Internal', message: 'Boom' }));
    await store.dispatch(fetchNotifications());
    expect(store.getState().notifications).toMatchObject({ status: 'failed', error: 'Failed to fetch notifications' });
  });

  it('marking a notification read updates its read flag and the unread count', async () => {
    const store = await loadedStore([note('a'), note('b')]);
    api.markRead.mockResolvedValueOnce({ success: true, _id: 'a', read: true });
    await store.dispatch(markNotificationRead('a'));
    const state = store.getState().notifications;
    expect(state.items.find((n) => n._id === 'a')?.read).toBe(true);
    expect(state.items.find((n) => n._id === 'b')?.read).toBe(false);
    expect(state.unreadCount).toBe(1);
  });

  it('a failed mark-read puts the flag back, with the SPEC §8 text', async () => {
    const store = await loadedStore([note('a')]);
    api.markRead.mockRejectedValueOnce(httpError(404, { error: 'Not found', message: 'Gone' }));
    await store.dispatch(markNotificationRead('a'));
    const state = store.getState().notifications;
    expect(state.items[0].read).toBe(false);
    expect(state.unreadCount).toBe(1);
    expect(state.error).toBe('Failed to mark notification as read');
  });

  it('mark all read marks every unread one', async () => {
    const store = await loadedStore([note('a'), note('b'), note('c', true)]);
    api.markRead.mockImplementation(async (id) => ({ success: true, _id: id, read: true }));
    const failed = await store.dispatch(markAllNotificationsRead()).unwrap();
    expect(failed).toBe(0);
    expect(api.markRead.mock.calls.map(([id]) => id)).toEqual(['a', 'b']);
    expect(store.getState().notifications.unreadCount).toBe(0);
  });

  it('clear-all empties the list', async () => {
    const store = await loadedStore([note('a'), note('b')]);
    api.clear.mockResolvedValueOnce({ success: true, deleted: 2 });
    await store.dispatch(clearNotifications());
    expect(store.getState().notifications).toMatchObject({ items: [], unreadCount: 0, clearStatus: 'succeeded' });
  });

  it('a failed clear keeps the list, with the SPEC §8 text', async () => {
    const store = await loadedStore([note('a')]);
    api.clear.mockRejectedValueOnce(httpError(500, { error: 'Internal', message: 'Boom' }));
    await store.dispatch(clearNotifications());
    expect(store.getState().notifications).toMatchObject({ clearStatus: 'failed', error: 'Failed to clear notifications' });
    expect(store.getState().notifications.items).toHaveLength(1);
  });

  it('a live notification goes on top once and raises the unread count', async () => {
    const store = await loadedStore([note('a', true)]);
    store.dispatch(notificationReceived(note('live')));
    store.dispatch(notificationReceived(note('live')));
    expect(store.getState().notifications.items.map((n) => n._id)).toEqual(['live', 'a']);
    expect(store.getState().notifications.unreadCount).toBe(1);
  });

  it('a refetch keeps live arrivals the server list did not include yet', async () => {
    const store = signedInStore();
    let answer!: (v: Awaited<ReturnType<typeof notificationsApi.list>>) => void;
    api.list.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    const done = store.dispatch(fetchNotifications());
    store.dispatch(notificationReceived(note('live')));
    answer({
      success: true,
      notifications: [note('old')],
      unreadCount: 1,
      pagination: { currentPage: 1, limit: 20, totalPages: 1, hasMore: false, total: 1 },
    });
    await done;
    expect(store.getState().notifications.items.map((n) => n._id)).toEqual(['live', 'old']);
    expect(store.getState().notifications.unreadCount).toBe(2);
  });
});

describe('bell texts', () => {
  it('caps the badge at 9+', () => {
    expect(badgeText(3)).toBe('3');
    expect(badgeText(9)).toBe('9');
    expect(badgeText(10)).toBe('9+');
  });

  it('shows compact ages', () => {
    const now = Date.parse('2025-06-01T12:00:00.000Z');
    expect(compactAge('2025-06-01T11:59:30.000Z', now)).toBe('now');
    expect(compactAge('2025-06-01T11:55:00.000Z', now)).toBe('5m');
    expect(compactAge('2025-06-01T09:00:00.000Z', now)).toBe('3h');
    expect(compactAge('2025-05-30T12:00:00.000Z', now)).toBe('2d');
    expect(compactAge('2025-05-18T12:00:00.000Z', now)).toBe('2w');
  });
});

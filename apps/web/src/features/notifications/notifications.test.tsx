import type { Notification, NotificationsResponse } from '@plaza/contract';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider, useParams } from 'react-router';
import { toast, Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deferred, failure, fakeServer, publicUser, signedInStore, stubResizeObserver, type Reply } from '../connections/testing';
import { notificationsApi, notificationsOf, unreadCountOf } from './api';
import { badgeText, NotificationsBell } from './NotificationsBell';
import { notificationArrived } from './live';

stubResizeObserver();

const grace = publicUser({ userName: 'grace', fullName: 'Grace Hopper' });
const note = (id: string, read = false, type: Notification['type'] = 'friend_request'): Notification => ({
  _id: id,
  type,
  actor: grace,
  entityId: null,
  text: `notification ${id}`,
  read,
  createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
});
const page = (items: Notification[], hasMore = false, currentPage = 1, unreadCount = items.filter((n) => !n.read).length): Reply => ({
  data: {
    success: true,
    notifications: items,
    unreadCount,
    pagination: { currentPage, limit: 20, totalPages: hasMore ? currentPage + 1 : currentPage, hasMore, total: items.length },
  } satisfies NotificationsResponse,
});
const readOk = (id: string): Reply => ({ data: { success: true, _id: id, read: true } });

let server: ReturnType<typeof fakeServer>;
beforeEach(() => {
  server = fakeServer();
});
afterEach(() => toast.dismiss());

function Visited() {
  return <p>profile of {useParams().visitedUser}</p>;
}

function renderBell(store = signedInStore()) {
  const router = createMemoryRouter(
    [
      { path: '/feeds', element: <NotificationsBell /> },
      { path: '/network/u/profile/:visitor/visited/:visitedUser', element: <Visited /> },
    ],
    { initialEntries: ['/feeds'] },
  );
  render(
    <Provider store={store}>
      <RouterProvider router={router} />
      <Toaster />
    </Provider>,
  );
  return { store, user: userEvent.setup() };
}

const badge = () => screen.queryByTestId('notifications-badge')?.textContent ?? null;
const entries = () => within(screen.getByRole('list', { name: 'Notifications list' })).getAllByRole('button');

async function openPanel(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: /^Notifications/ }));
  return screen.findByRole('list', { name: 'Notifications list' });
}

describe('the bell (product.md § Notifications)', () => {
  it('shows the unread count of the first page, capped at 9+', async () => {
    server.on('GET', '/users/notifications', page([note('a'), note('b', true)]));
    renderBell();
    await vi.waitFor(() => expect(badge()).toBe('1'));
    expect(screen.getByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
    expect([badgeText(3), badgeText(9), badgeText(10)]).toEqual(['3', '9', '9+']);
  });

  it('opening the panel lists them newest first with compact ages; a click marks one read at once and opens the profile', async () => {
    server.on('GET', '/users/notifications', page([note('a'), note('b', true)]));
    const answer = deferred<Reply>();
    server.once('PUT', '/users/notifications/a/read', () => answer.promise);
    const { user } = renderBell();
    await vi.waitFor(() => expect(badge()).toBe('1'));
    await openPanel(user);
    expect(entries().map((e) => e.textContent)).toEqual(['Gnotification a5m', 'Gnotification b5m']);
    await user.click(entries()[0]);
    expect(await screen.findByText('profile of grace')).toBeInTheDocument();
    expect(badge()).toBeNull();
    answer.resolve(readOk('a'));
    await vi.waitFor(() => expect(server.calls('PUT', '/users/notifications/a/read')).toHaveLength(1));
    expect(badge()).toBeNull();
  });

  it('a failed mark-read puts the unread mark back, with the text of product.md § Notifications', async () => {
    server.on('GET', '/users/notifications', page([note('a', false, 'post_reaction')]));
    server.once('PUT', '/users/notifications/a/read', failure(404, 'Gone'));
    const { user } = renderBell();
    await openPanel(user);
    await user.click(entries()[0]);
    expect(await screen.findByText('Failed to mark notification as read')).toBeInTheDocument();
    // The toast and the undo of the optimistic mark land in separate renders.
    await waitFor(() => expect(badge()).toBe('1'));
  });

  it('Mark all read marks every unread one', async () => {
    server.on('GET', '/users/notifications', page([note('a'), note('b'), note('c', true)]));
    server.on('PUT', '/users/notifications/a/read', readOk('a'));
    server.on('PUT', '/users/notifications/b/read', readOk('b'));
    const { user } = renderBell();
    await openPanel(user);
    await user.click(screen.getByRole('button', { name: 'Mark all read' }));
    await vi.waitFor(() => expect(badge()).toBeNull());
    expect(server.requests.filter((r) => r.method === 'PUT').map((r) => r.url)).toEqual([
      '/users/notifications/a/read',
      '/users/notifications/b/read',
    ]);
    expect(screen.queryAllByRole('img', { name: 'Unread' })).toHaveLength(0);
  });

  it('Clear all empties the list; a failed clear keeps it, with the text of product.md § Notifications', async () => {
    server.on('GET', '/users/notifications', page([note('a'), note('b')]));
    server.once('DELETE', '/users/notifications/clear', failure(500, 'Boom'));
    const { user } = renderBell();
    await openPanel(user);
    await user.click(screen.getByRole('button', { name: 'Clear all' }));
    expect(await screen.findByText('Failed to clear notifications')).toBeInTheDocument();
    expect(entries()).toHaveLength(2);
    server.once('DELETE', '/users/notifications/clear', { data: { success: true, deleted: 2 } });
    await user.click(screen.getByRole('button', { name: 'Clear all' }));
    expect(await screen.findByText("You're all caught up")).toBeInTheDocument();
    expect(badge()).toBeNull();
  });

  it('a failed load shows the text of product.md § Notifications with Try again', async () => {
    server.on('GET', '/users/notifications', failure(500));
    const { user } = renderBell();
    await user.click(screen.getByRole('button', { name: /^Notifications/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch notifications');
    server.on('GET', '/users/notifications', page([note('a')]));
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('notification a')).toBeInTheDocument();
  });

  it('Load more brings the next twenty', async () => {
    server.once('GET', '/users/notifications', page([note('a')], true, 1, 2));
    server.on('GET', '/users/notifications', (req) =>
      req.params.page === 2 ? page([note('b')], false, 2, 2) : page([note('a')], true, 1, 2),
    );
    const { user } = renderBell();
    await openPanel(user);
    await user.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('notification b')).toBeInTheDocument();
    expect(server.calls('GET', '/users/notifications').at(-1)?.params).toEqual({ page: 2, limit: 20 });
  });
});

describe('live notifications', () => {
  it('a live notification goes on top once and raises the unread count once', async () => {
    server.on('GET', '/users/notifications', page([note('a', true)]));
    const { store } = renderBell();
    const cached = () => notificationsApi.endpoints.notifications.select()(store.getState()).data;
    await vi.waitFor(() => expect(cached()).toBeDefined());
    store.dispatch(notificationArrived(note('live')));
    store.dispatch(notificationArrived(note('live')));
    await vi.waitFor(() => expect(badge()).toBe('1'));
    expect(unreadCountOf(cached())).toBe(1);
    expect(notificationsOf(cached()).map((n) => n._id)).toEqual(['live', 'a']);
    expect(server.calls('GET', '/users/notifications')).toHaveLength(1);
  });

  it('one that arrives while the list is still on its way is not lost', async () => {
    const first = deferred<Reply>();
    server.once('GET', '/users/notifications', () => first.promise);
    server.on('GET', '/users/notifications', page([note('live'), note('old')]));
    const { store } = renderBell();
    await vi.waitFor(() => expect(server.calls('GET', '/users/notifications')).toHaveLength(1));
    store.dispatch(notificationArrived(note('live')));
    // The list was read before the new one was stored.
    first.resolve(page([note('old')]));
    await vi.waitFor(() => expect(badge()).toBe('2'));
  });
});

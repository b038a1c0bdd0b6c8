import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { plazaApi } from '../../api/plaza-api';
import { ME, renderSignedIn } from '../../test/render-signed-in';
import { stubServer } from '../../test/stub-server';
import { useAccountUpdates } from '../settings';
import { useAppSelector } from '../../app/hooks';

/** A socket that connects and drops when the test says so. */
const fake = vi.hoisted(() => {
  const listeners = new Map<string, Set<() => void>>();
  const socket = {
    connected: false,
    on(event: string, fn: () => void) {
      if (!listeners.has(event)) listeners.set(event, new Set());
      listeners.get(event)!.add(fn);
      return socket;
    },
    off(event: string, fn: () => void) {
      listeners.get(event)?.delete(fn);
      return socket;
    },
    fire(event: 'connect' | 'disconnect' | 'resync') {
      if (event !== 'resync') socket.connected = event === 'connect';
      for (const fn of listeners.get(event) ?? []) fn();
    },
  };
  return socket;
});

const connection = vi.hoisted(() => ({ connects: 0 }));
vi.mock('../../lib/socket-connection', () => ({
  connectSocket: () => {
    connection.connects += 1;
    return fake;
  },
  disconnectSocket: () => {},
}));

const { SocketLifecycle } = await import('./SocketLifecycle');

describe('the socket lifecycle', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the screen at once and connects afterwards, loading the connection module then', async () => {
    const before = connection.connects;
    renderSignedIn(
      <SocketLifecycle>
        <p>app</p>
      </SocketLifecycle>,
    );
    expect(screen.getByText('app')).toBeInTheDocument();
    expect(connection.connects).toBe(before);
    await waitFor(() => expect(connection.connects).toBe(before + 1));
  });

  // The socket connects after the first screen has fetched them: what was pushed in between reached no one.
  it('refreshes notifications, conversations (unread counts), friend requests and connection statuses on every connect, the first included', async () => {
    const invalidate = vi.spyOn(plazaApi.util, 'invalidateTags');
    const before = connection.connects;
    renderSignedIn(
      <SocketLifecycle>
        <p>app</p>
      </SocketLifecycle>,
    );
    await waitFor(() => expect(connection.connects).toBe(before + 1));
    expect(invalidate).not.toHaveBeenCalled();
    act(() => fake.fire('connect'));
    expect(invalidate).toHaveBeenCalledTimes(1);
    expect(invalidate).toHaveBeenCalledWith(['Me', 'Notifications', 'Conversations', 'Requests', 'Connection', 'Profile']);
    act(() => fake.fire('disconnect'));
    act(() => fake.fire('connect'));
    expect(invalidate).toHaveBeenCalledTimes(2);
  });

  // Cross-node delivery may have dropped pushes while this socket stayed connected (Redis was away).
  it("refreshes the same on the server's resync, with the socket still connected", async () => {
    const invalidate = vi.spyOn(plazaApi.util, 'invalidateTags');
    const before = connection.connects;
    renderSignedIn(
      <SocketLifecycle>
        <p>app</p>
      </SocketLifecycle>,
    );
    await waitFor(() => expect(connection.connects).toBe(before + 1));
    act(() => fake.fire('connect'));
    invalidate.mockClear();
    act(() => fake.fire('resync'));
    expect(invalidate).toHaveBeenCalledTimes(1);
    expect(invalidate).toHaveBeenCalledWith(['Me', 'Notifications', 'Conversations', 'Requests', 'Connection', 'Profile']);
  });

  // A role granted while the page loaded is pushed to a socket not yet connected: the connect asks again.
  it('a role granted before the socket connected reaches the session once it connects', async () => {
    let role: 'member' | 'moderator' = 'member';
    const server = stubServer().on('GET', '/users/me', () => ({ status: 200, data: { success: true, user: { ...ME, role } } }));
    function Role() {
      useAccountUpdates();
      return <p>role: {useAppSelector((s) => s.auth.userDetails?.role)}</p>;
    }
    const before = connection.connects;
    try {
      renderSignedIn(
        <SocketLifecycle>
          <Role />
        </SocketLifecycle>,
      );
      await waitFor(() => expect(connection.connects).toBe(before + 1));
      await waitFor(() => expect(server.callsTo('GET', '/users/me')).toHaveLength(1));
      expect(screen.getByText('role: member')).toBeInTheDocument();
      role = 'moderator';
      act(() => fake.fire('connect'));
      expect(await screen.findByText('role: moderator')).toBeInTheDocument();
    } finally {
      server.restore();
    }
  });
});

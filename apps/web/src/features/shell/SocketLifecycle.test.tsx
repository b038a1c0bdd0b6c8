import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { plazaApi } from '../../api/plaza-api';
import { renderSignedIn } from '../../test/render-signed-in';

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
    fire(event: 'connect' | 'disconnect') {
      socket.connected = event === 'connect';
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
    expect(invalidate).toHaveBeenCalledWith(['Notifications', 'Conversations', 'Requests', 'Connection', 'Profile']);
    act(() => fake.fire('disconnect'));
    act(() => fake.fire('connect'));
    expect(invalidate).toHaveBeenCalledTimes(2);
  });
});

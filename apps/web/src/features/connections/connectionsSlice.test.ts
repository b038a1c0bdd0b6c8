import type { ConnectionAction, ConnectionStatus, Notification } from '@plaza/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { peopleApi } from '../../api/people';
import { fetchNetwork } from '../network/networkSlice';
import { notificationReceived } from '../notifications/notificationsSlice';
import { changeConnection, fetchConnectionStatus } from './connectionThunks';
import { selectConnectionStatus } from './connectionsSlice';
import { canceledError, httpError, networkUser, publicUser, signedInStore } from './testing';

vi.mock('../../api/people', () => ({
  peopleApi: { network: vi.fn(), changeConnection: vi.fn(), connectionStatus: vi.fn() },
}));

const api = vi.mocked(peopleApi);

/** A store that already knows `userId` stands at `status`, as after loading the network list. */
async function storeWith(userId: string, status: ConnectionStatus) {
  const store = signedInStore();
  api.network.mockResolvedValueOnce({
    success: true,
    data: [networkUser({ _id: userId, connectionStatus: status })],
    pagination: { currentPage: 1, totalUsers: 1, limit: 10, totalPages: 1, hasMore: false },
  });
  await store.dispatch(fetchNetwork({ page: 1 }));
  return store;
}

const changed = (action: ConnectionAction, status: ConnectionStatus) => ({
  success: true as const,
  message: action,
  targetUserId: 'bob',
  status,
});

beforeEach(() => vi.resetAllMocks());

describe('connection status (SPEC §4)', () => {
  it('starts as not_connected for anyone not seen yet', () => {
    expect(selectConnectionStatus(signedInStore().getState(), 'stranger')).toBe('not_connected');
  });

  it('sending a friend request gives request_sent, shown before the server answers', async () => {
    const store = await storeWith('bob', 'not_connected');
    let answer!: (v: ReturnType<typeof changed>) => void;
    api.changeConnection.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    const done = store.dispatch(changeConnection({ targetUserId: 'bob', action: 'send' }));
    expect(selectConnectionStatus(store.getState(), 'bob')).toBe('request_sent');
    answer(changed('send', 'request_sent'));
    await done;
    expect(api.changeConnection).toHaveBeenCalledWith('send', 'bob');
    expect(store.getState().connections.byUserId.bob).toMatchObject({
      status: 'request_sent',
      settled: 'request_sent',
      pending: null,
      error: null,
    });
  });

  it('accepting gives friends', async () => {
    const store = await storeWith('bob', 'request_received');
    api.changeConnection.mockResolvedValueOnce(changed('accept', 'friends'));
    await store.dispatch(changeConnection({ targetUserId: 'bob', action: 'accept' }));
    expect(selectConnectionStatus(store.getState(), 'bob')).toBe('friends');
  });

  it.each([
    ['decline', 'request_received'],
    ['cancel', 'request_sent'],
    ['remove', 'friends'],
  ] as const)('%s gives not_connected', async (action, from) => {
    const store = await storeWith('bob', from);
    api.changeConnection.mockResolvedValueOnce(changed(action, 'not_connected'));
    await store.dispatch(changeConnection({ targetUserId: 'bob', action }));
    expect(selectConnectionStatus(store.getState(), 'bob')).toBe('not_connected');
  });

  it('takes the status the server reports when it differs from the expected one', async () => {
    // Both asked at once: the server turns the send into a friendship.
    const store = await storeWith('bob', 'not_connected');
    api.changeConnection.mockResolvedValueOnce(changed('send', 'friends'));
    await store.dispatch(changeConnection({ targetUserId: 'bob', action: 'send' }));
    expect(selectConnectionStatus(store.getState(), 'bob')).toBe('friends');
  });

  it.each([
    ['send', 'not_connected', 'Error sending friend request'],
    ['accept', 'request_received', 'Error accepting friend request'],
    ['decline', 'request_received', 'Error processing follow request'],
    ['cancel', 'request_sent', 'Error processing follow request'],
    ['remove', 'friends', 'Error removing friend'],
  ] as const)('a failed %s rolls back to %s with the SPEC §8 text', async (action, from, text) => {
    const store = await storeWith('bob', from);
    api.changeConnection.mockRejectedValueOnce(httpError(409, { error: 'Conflict', message: 'Something changed.' }));
    const result = await store.dispatch(changeConnection({ targetUserId: 'bob', action }));
    expect(store.getState().connections.byUserId.bob).toMatchObject({ status: from, pending: null, error: text });
    expect(result.payload).toMatchObject({ error: text, message: 'Something changed.', status: 409 });
  });

  it('a request canceled as a duplicate neither rolls back nor records an error', async () => {
    const store = await storeWith('bob', 'not_connected');
    let answer!: (v: ReturnType<typeof changed>) => void;
    api.changeConnection.mockRejectedValueOnce(canceledError()).mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    const first = store.dispatch(changeConnection({ targetUserId: 'bob', action: 'send' }));
    const second = store.dispatch(changeConnection({ targetUserId: 'bob', action: 'send' }));
    await first;
    expect(store.getState().connections.byUserId.bob).toMatchObject({ status: 'request_sent', error: null, pending: 'send' });
    answer(changed('send', 'request_sent'));
    await second;
    expect(store.getState().connections.byUserId.bob).toMatchObject({ status: 'request_sent', pending: null });
  });

  it('fetching a status passes through loading; a failure is the error status with its SPEC §8 text', async () => {
    const store = signedInStore();
    let answer!: (v: { success: true; targetUserId: string; status: ConnectionStatus }) => void;
    api.connectionStatus.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    const done = store.dispatch(fetchConnectionStatus('bob'));
    expect(selectConnectionStatus(store.getState(), 'bob')).toBe('loading');
    answer({ success: true, targetUserId: 'bob', status: 'request_received' });
    await done;
    expect(selectConnectionStatus(store.getState(), 'bob')).toBe('request_received');

    api.connectionStatus.mockRejectedValueOnce(httpError(500, { error: 'Internal', message: 'Boom' }));
    await store.dispatch(fetchConnectionStatus('bob'));
    expect(store.getState().connections.byUserId.bob).toMatchObject({ status: 'error', error: 'Error fetching connection status' });
  });

  it('a live friend request makes the actor request_received; a live acceptance makes them friends', () => {
    const store = signedInStore();
    const actor = publicUser({ _id: 'carol' });
    const note = (type: Notification['type'], id: string): Notification => ({
      _id: id,
      type,
      actor,
      entityId: null,
      text: 't',
      read: false,
      createdAt: new Date().toISOString(),
    });
    store.dispatch(notificationReceived(note('friend_request', 'n1')));
    expect(selectConnectionStatus(store.getState(), 'carol')).toBe('request_received');
    store.dispatch(notificationReceived(note('friend_accept', 'n2')));
    expect(selectConnectionStatus(store.getState(), 'carol')).toBe('friends');
  });
});

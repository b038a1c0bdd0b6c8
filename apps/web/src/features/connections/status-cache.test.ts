import type { ConnectionChangeResponse, ConnectionStatus, Notification } from '@plaza/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { resetAuth, setUserDetails } from '../auth';
import { networkApi } from '../network';
import { profileApi } from '../profile';
import { suggestionsApi } from '../suggestions';
import { connectionsApi } from './api';
import { connectionNoticed } from './live';
import {
  deferred,
  failure,
  fakeServer,
  me,
  networkPage,
  networkUser,
  publicUser,
  signedInStore,
  suggestionsAnswer,
  visitedAnswer,
  type Reply,
} from './testing';

const bob = publicUser({ _id: 'bob', userName: 'bob', fullName: 'Bob Builder' });
const carol = networkUser({ _id: 'carol', connectionStatus: 'friends' });
const profilePath = '/users/u/profile/ada/visited/bob';
const changed = (status: ConnectionStatus): Reply => ({
  data: { success: true, message: 'ok', targetUserId: 'bob', status } satisfies ConnectionChangeResponse,
});

let server: ReturnType<typeof fakeServer>;
beforeEach(() => {
  server = fakeServer();
});

/** A store that has loaded the network list, Bob's profile and the suggestions, all showing Bob at `status`. */
async function storeShowingBob(status: ConnectionStatus, { suggested = false } = {}) {
  const store = signedInStore();
  server.on('GET', '/users/network', networkPage([{ ...bob, connectionStatus: status }, carol]));
  server.on('GET', profilePath, visitedAnswer(bob, status));
  server.on('GET', '/users/suggested-users', suggestionsAnswer(suggested ? [bob] : []));
  await store.dispatch(networkApi.endpoints.network.initiate({ search: '' }));
  await store.dispatch(profileApi.endpoints.visitedProfile.initiate({ authUser: 'ada', userName: 'bob' }));
  await store.dispatch(suggestionsApi.endpoints.suggestions.initiate());
  const state = () => store.getState();
  const bobIn = {
    network: () =>
      networkApi.endpoints.network
        .select({ search: '' })(state())
        .data?.pages[0].data.find((u) => u._id === 'bob')?.connectionStatus,
    profile: () => profileApi.endpoints.visitedProfile.select({ authUser: 'ada', userName: 'bob' })(state()).data?.user.connectionStatus,
    suggestions: () =>
      suggestionsApi.endpoints.suggestions
        .select()(state())
        .data?.find((u) => u._id === 'bob')?.connectionStatus,
    profileFriends: () => profileApi.endpoints.visitedProfile.select({ authUser: 'ada', userName: 'bob' })(state()).data?.stats.friends,
  };
  const change = (action: 'send' | 'accept' | 'decline' | 'cancel' | 'remove') =>
    store.dispatch(connectionsApi.endpoints.changeConnection.initiate({ targetUserId: 'bob', action }));
  return { store, bobIn, change };
}

describe('a connection change in the cache (product.md § Network and connections)', () => {
  it('an optimistic friend request shows everywhere Bob is listed before the server answers, and rolls back everywhere on failure', async () => {
    const { bobIn, change } = await storeShowingBob('not_connected', { suggested: true });
    const answer = deferred<Reply>();
    server.once('POST', '/users/follow/friend-request/send', () => answer.promise);
    const done = change('send');
    expect([bobIn.network(), bobIn.profile(), bobIn.suggestions()]).toEqual(['request_sent', 'request_sent', 'request_sent']);
    answer.resolve(failure(500));
    await expect(done.unwrap()).rejects.toMatchObject({ error: 'HTTP 500', status: 500 });
    expect([bobIn.network(), bobIn.profile(), bobIn.suggestions()]).toEqual(['not_connected', 'not_connected', 'not_connected']);
  });

  it('accepting makes Bob a friend in the network list and on his profile, whose counts are then read again', async () => {
    const { bobIn, change } = await storeShowingBob('request_received');
    expect(bobIn.profileFriends()).toBe(4);
    server.once('POST', '/users/follow/friend-request/accept', changed('friends'));
    server.on('GET', profilePath, visitedAnswer(bob, 'friends', 5));
    await change('accept').unwrap();
    expect(bobIn.network()).toBe('friends');
    expect(bobIn.profile()).toBe('friends');
    await expect.poll(bobIn.profileFriends).toBe(5);
    // Only Bob changed.
    expect(server.calls('GET', '/users/network')).toHaveLength(1);
  });

  it.each([
    ['decline', 'request_received'],
    ['cancel', 'request_sent'],
    ['remove', 'friends'],
  ] as const)('%s gives not_connected', async (action, from) => {
    const { bobIn, change } = await storeShowingBob(from);
    server.once('POST', `/users/follow/friend-request/${action === 'remove' ? 'friend/remove' : action}`, changed('not_connected'));
    await change(action).unwrap();
    expect([bobIn.network(), bobIn.profile()]).toEqual(['not_connected', 'not_connected']);
  });

  it('takes the status the server reports when it differs from the expected one', async () => {
    // Both asked at once: the server turns the send into a friendship.
    const { bobIn, change } = await storeShowingBob('not_connected');
    server.once('POST', '/users/follow/friend-request/send', changed('friends'));
    await change('send').unwrap();
    expect([bobIn.network(), bobIn.profile()]).toEqual(['friends', 'friends']);
  });

  it('a request canceled as a duplicate takes nothing back; its twin settles the status', async () => {
    const { bobIn, change } = await storeShowingBob('not_connected');
    const answer = deferred<Reply>();
    server.once('POST', '/users/follow/friend-request/send', () => answer.promise);
    const earlier = change('send');
    const later = change('send');
    await expect(earlier.unwrap()).rejects.toMatchObject({ error: 'canceled' });
    expect(bobIn.network()).toBe('request_sent');
    answer.resolve(changed('request_sent'));
    await later.unwrap();
    expect(server.calls('POST', '/users/follow/friend-request/send')).toHaveLength(1);
    expect([bobIn.network(), bobIn.profile()]).toEqual(['request_sent', 'request_sent']);
  });
});

describe('a change whose answer arrives after someone else signed in', () => {
  it("neither rolls back nor corrects anything in the next person's cache", async () => {
    const { store, bobIn, change } = await storeShowingBob('not_connected');
    const failed = deferred<Reply>();
    const corrected = deferred<Reply>();
    server.once('POST', '/users/follow/friend-request/send', () => failed.promise);
    const sent = change('send');
    server.once('POST', '/users/follow/friend-request/cancel', () => corrected.promise);
    const canceled = change('cancel');

    store.dispatch(resetAuth());
    store.dispatch(setUserDetails({ ...me, _id: 'me-2', userName: 'blake' }));
    server.on('GET', '/users/network', networkPage([{ ...bob, connectionStatus: 'request_received' }, carol]));
    await store.dispatch(networkApi.endpoints.network.initiate({ search: '' }));
    expect(bobIn.network()).toBe('request_received');

    failed.resolve(failure(500));
    corrected.resolve(changed('friends'));
    // The cache drops what was in flight when the session changed; the answers still arrive.
    await Promise.allSettled([sent, canceled]);
    await vi.waitFor(() => expect(server.requests.filter((r) => r.method === 'POST')).toHaveLength(2));
    expect(bobIn.network()).toBe('request_received');
  });
});

describe('live connection news', () => {
  const note = (type: Notification['type'], id: string): Notification => ({
    _id: id,
    type,
    actor: bob,
    entityId: null,
    text: 't',
    read: false,
    createdAt: new Date().toISOString(),
  });

  it('a friend request makes Bob request_received; an acceptance makes him a friend and reads his counts again', async () => {
    const { store, bobIn } = await storeShowingBob('not_connected');
    store.dispatch(connectionNoticed(note('friend_request', 'n1')));
    expect([bobIn.network(), bobIn.profile()]).toEqual(['request_received', 'request_received']);
    server.on('GET', profilePath, visitedAnswer(bob, 'friends', 5));
    store.dispatch(connectionNoticed(note('friend_accept', 'n2')));
    expect([bobIn.network(), bobIn.profile()]).toEqual(['friends', 'friends']);
    await expect.poll(bobIn.profileFriends).toBe(5);
  });

  it('other news leaves statuses alone', async () => {
    const { store, bobIn } = await storeShowingBob('request_sent');
    store.dispatch(connectionNoticed(note('post_reaction', 'n3')));
    expect([bobIn.network(), bobIn.profile()]).toEqual(['request_sent', 'request_sent']);
  });
});

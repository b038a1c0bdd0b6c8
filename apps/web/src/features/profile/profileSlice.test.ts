import type { OwnProfileResponse, VisitedProfileResponse } from '@plaza/contract';
import type { AxiosResponse } from 'axios';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { peopleApi } from '../../api/people';
import { changeConnection } from '../connections/connectionThunks';
import { selectConnectionStatus } from '../connections/connectionsSlice';
import { httpError, me, publicUser, signedInStore } from '../connections/testing';
import { notificationReceived } from '../notifications/notificationsSlice';
import { fetchProfile } from './profileSlice';

vi.mock('../../api/people', () => ({ peopleApi: { ownProfile: vi.fn(), visitedProfile: vi.fn(), changeConnection: vi.fn() } }));

const api = vi.mocked(peopleApi);
const bob = publicUser({ _id: 'bob', userName: 'bob', fullName: 'Bob Builder' });

const response = <T>(data: T, status = 200) => ({ data, status }) as AxiosResponse<T>;

const visited = (): VisitedProfileResponse => ({
  success: true,
  data: { user: bob, stats: { posts: 3, friends: 4 }, connectionStatus: 'request_received', mutualFriends: 2 },
});

beforeEach(() => vi.resetAllMocks());

describe('profile', () => {
  it("the signed-in user's own name loads the own profile", async () => {
    const store = signedInStore();
    api.ownProfile.mockResolvedValueOnce(
      response<OwnProfileResponse>({ success: true, data: { user: me, stats: { posts: 1, friends: 0 } } }),
    );
    await store.dispatch(fetchProfile('ADA'));
    expect(api.ownProfile).toHaveBeenCalledWith('ada');
    expect(store.getState().profile).toMatchObject({ status: 'succeeded', data: { isOwn: true, stats: { posts: 1, friends: 0 } } });
  });

  it('another name loads the visited profile and seeds the connection status', async () => {
    const store = signedInStore();
    api.visitedProfile.mockResolvedValueOnce(response(visited()));
    await store.dispatch(fetchProfile('bob'));
    expect(api.visitedProfile).toHaveBeenCalledWith('ada', 'bob');
    expect(store.getState().profile.data).toMatchObject({ isOwn: false, mutualFriends: 2 });
    expect(selectConnectionStatus(store.getState(), 'bob')).toBe('request_received');
  });

  it('an unknown user is not found, with the SPEC §8 text', async () => {
    const store = signedInStore();
    api.visitedProfile.mockRejectedValueOnce(httpError(404, { error: 'Not found', message: 'This user does not exist.' }));
    await store.dispatch(fetchProfile('nobody'));
    expect(store.getState().profile).toMatchObject({ status: 'failed', notFound: true, error: 'Failed to fetch user profile' });
  });

  it('an own profile answer without success true is a failure', async () => {
    const store = signedInStore();
    api.ownProfile.mockResolvedValueOnce(response({ success: false } as unknown as OwnProfileResponse));
    await store.dispatch(fetchProfile('ada'));
    expect(store.getState().profile).toMatchObject({ status: 'failed', notFound: false, error: 'Failed to fetch user profile' });
  });

  it("becoming friends raises the visited profile's friend count; removing lowers it", async () => {
    const store = signedInStore();
    api.visitedProfile.mockResolvedValueOnce(response(visited()));
    await store.dispatch(fetchProfile('bob'));
    api.changeConnection.mockResolvedValueOnce({ success: true, message: 'ok', targetUserId: 'bob', status: 'friends' });
    await store.dispatch(changeConnection({ targetUserId: 'bob', action: 'accept' }));
    expect(store.getState().profile.data?.stats.friends).toBe(5);
    api.changeConnection.mockResolvedValueOnce({ success: true, message: 'ok', targetUserId: 'bob', status: 'not_connected' });
    await store.dispatch(changeConnection({ targetUserId: 'bob', action: 'remove' }));
    expect(store.getState().profile.data?.stats.friends).toBe(4);
  });

  it('a live acceptance from the person on screen makes them a friend and raises the count once', async () => {
    const store = signedInStore();
    api.visitedProfile.mockResolvedValueOnce(response({ ...visited(), data: { ...visited().data, connectionStatus: 'request_sent' } }));
    await store.dispatch(fetchProfile('bob'));
    const accepted = {
      _id: 'n1',
      type: 'friend_accept' as const,
      actor: bob,
      entityId: null,
      text: 'Bob accepted',
      read: false,
      createdAt: new Date().toISOString(),
    };
    store.dispatch(notificationReceived(accepted));
    store.dispatch(notificationReceived({ ...accepted, _id: 'n2' }));
    expect(store.getState().profile.data).toMatchObject({ connectionStatus: 'friends', stats: { friends: 5 } });
    expect(selectConnectionStatus(store.getState(), 'bob')).toBe('friends');
  });
});

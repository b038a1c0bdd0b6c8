/** Test helpers of the people slices: users, axios failures like the real client produces, a signed-in store. */
import type { NetworkUser, PublicUser, SelfUser } from '@plaza/contract';
import { AxiosError, AxiosHeaders, CanceledError, type AxiosResponse } from 'axios';
import { makeStore } from '../../app/store';
import { unauthenticatedState } from '../auth/authSlice';

let seq = 0;

export function publicUser(overrides: Partial<PublicUser> = {}): PublicUser {
  seq += 1;
  return {
    _id: `user-${seq}`,
    userName: `person${seq}`,
    fullName: `Person ${seq}`,
    userImage: null,
    userBio: null,
    createdAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export const networkUser = (overrides: Partial<NetworkUser> = {}): NetworkUser => ({
  ...publicUser(overrides),
  connectionStatus: 'not_connected',
  ...overrides,
});

export const me: SelfUser = {
  _id: 'me-1',
  userName: 'ada',
  fullName: 'Ada Lovelace',
  userImage: null,
  userBio: null,
  createdAt: '2025-01-01T00:00:00.000Z',
  email: 'ada@example.test',
};

export function httpError(status: number, body: { error: string; message: string }) {
  const config = { headers: new AxiosHeaders() };
  const response = { status, statusText: String(status), data: { success: false, ...body }, headers: {}, config } as AxiosResponse;
  return new AxiosError(body.message, 'ERR_BAD_RESPONSE', config, undefined, response);
}

export const canceledError = () => new CanceledError();

export const signedInStore = () =>
  makeStore({ auth: { ...unauthenticatedState, userDetails: me, accessToken: 'token', isAuthenticated: true } });

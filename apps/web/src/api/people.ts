/** Calls of the people feature: network, profiles, user search, connections and suggestions (CONTRACT "Users, connections, search"). */
import {
  PAGE_SIZES,
  type ConnectionAction,
  type ConnectionChangeResponse,
  type ConnectionStatusResponse,
  type NetworkResponse,
  type OwnProfileResponse,
  type SuggestionsResponse,
  type UserSearchResponse,
  type VisitedProfileResponse,
} from '@plaza/contract';
import { api } from './client';

export interface NetworkParams {
  page?: number;
  limit?: number;
  search?: string;
}

/** Each connection change has its own path; the four friend-request ones share `{actionType}`. */
const connectionPath = (action: ConnectionAction) =>
  action === 'remove' ? '/users/follow/friend-request/friend/remove' : `/users/follow/friend-request/${action}`;

const enc = encodeURIComponent;

export const peopleApi = {
  network: ({ page = 1, limit = PAGE_SIZES.network, search }: NetworkParams = {}) =>
    api.get<NetworkResponse>('/users/network', { params: { page, limit, ...(search ? { search } : {}) } }).then((r) => r.data),

  ownProfile: (authUser: string) => api.get<OwnProfileResponse>(`/users/u/profile/${enc(authUser)}`),

  visitedProfile: (authUser: string, userName: string) =>
    api.get<VisitedProfileResponse>(`/users/u/profile/${enc(authUser)}/visited/${enc(userName)}`),

  searchUsers: (query: string) => api.get<UserSearchResponse>('/search/users', { params: { query } }).then((r) => r.data.users),

  connectionStatus: (targetUserId: string) =>
    api.get<ConnectionStatusResponse>(`/users/follow/connection-status/${enc(targetUserId)}`).then((r) => r.data),

  changeConnection: (action: ConnectionAction, targetUserId: string) =>
    api.post<ConnectionChangeResponse>(connectionPath(action), { targetUserId }).then((r) => r.data),

  suggestions: (page = 1, limit = PAGE_SIZES.suggestions) =>
    api.get<SuggestionsResponse>('/users/suggested-users', { params: { page, limit } }).then((r) => r.data),
};

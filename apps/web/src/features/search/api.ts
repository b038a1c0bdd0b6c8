/** User search (SPEC §3 "Search result", §7 GET /search/users): one cache entry per query, so an older answer never shows for a newer one. */
import type { PublicUser, UserSearchResponse } from '@plaza/contract';
import { plazaApi } from '../../api/plaza-api';

export const SEARCH_ERROR = 'Failed to search users';

export const searchApi = plazaApi.injectEndpoints({
  endpoints: (build) => ({
    searchUsers: build.query<PublicUser[], string>({
      query: (query) => ({ url: '/search/users', params: { query }, fallback: { error: SEARCH_ERROR, message: SEARCH_ERROR } }),
      transformResponse: (res: UserSearchResponse) => res.users,
    }),
  }),
});

export const { useSearchUsersQuery } = searchApi;

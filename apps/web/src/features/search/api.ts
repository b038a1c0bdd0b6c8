/** User search (product.md § Search, GET /search/users): one cache entry per query, so an older answer never shows for a newer one. */
import type { OperationResponse, PublicUser } from '@plaza/contract';
import { operations } from '../../api/operations';
import { operationRequest } from '../../api/operation';
import { plazaApi } from '../../api/plaza-api';

export const SEARCH_ERROR = 'Failed to search users';

export const searchApi = plazaApi.injectEndpoints({
  endpoints: (build) => ({
    searchUsers: build.query<PublicUser[], string>({
      query: (query) =>
        operationRequest(operations.searchUsers, { query: { query }, fallback: { error: SEARCH_ERROR, message: SEARCH_ERROR } }),
      transformResponse: (res: OperationResponse<typeof operations.searchUsers>) => res.users,
    }),
  }),
});

export const { useSearchUsersQuery } = searchApi;

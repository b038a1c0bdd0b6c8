/** User search (product.md § Search, GET /search/users): one cache entry per query, so an older answer never shows for a newer one. */
import type { OperationResponse, PublicUser } from '@plaza/contract';
import { operations } from '../../api/operations';
import { operationRequest } from '../../api/operation';
import { plazaApi } from '../../api/plaza-api';
import { fallbackIn } from '../../lib/fallback-texts';

export const SEARCH_FALLBACK = fallbackIn('errors.searchUsers');

export const searchApi = plazaApi.injectEndpoints({
  endpoints: (build) => ({
    searchUsers: build.query<PublicUser[], string>({
      query: (query) => operationRequest(operations.searchUsers, { query: { query }, fallback: SEARCH_FALLBACK }),
      transformResponse: (res: OperationResponse<typeof operations.searchUsers>) => res.users,
    }),
  }),
});

export const { useSearchUsersQuery } = searchApi;

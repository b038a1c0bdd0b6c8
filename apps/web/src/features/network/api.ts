/**
 * The network list (product.md § Network and connections, GET /users/network): everyone else, searchable, ten a page
 * (fifteen once a search has started the list over, product.md § Constants and limits). One cache entry per search term, paged.
 */
import { PAGE_SIZES, type NetworkUser, type OperationResponse } from '@plaza/contract';
import { operations } from '../../api/operations';
import type { InfiniteData } from '@reduxjs/toolkit/query';
import { operationRequest } from '../../api/operation';
import { plazaApi } from '../../api/plaza-api';
import { fallbackIn } from '../../lib/fallback-texts';
import { personTags } from '../connections';

export const NETWORK_FALLBACK = fallbackIn('errors.unknown');

export interface NetworkQuery {
  /** Trimmed; empty for everyone. */
  search: string;
  /** Only the caller's friends (the Friends tab). */
  connection?: 'friends';
}

export interface NetworkPageParam {
  page: number;
  limit: number;
}

type NetworkPage = OperationResponse<typeof operations.listNetwork>;

export const firstNetworkPage = (afterReset: boolean): NetworkPageParam => ({
  page: 1,
  limit: afterReset ? PAGE_SIZES.networkAfterReset : PAGE_SIZES.network,
});

export const networkApi = plazaApi.injectEndpoints({
  endpoints: (build) => ({
    network: build.infiniteQuery<NetworkPage, NetworkQuery, NetworkPageParam>({
      infiniteQueryOptions: {
        initialPageParam: firstNetworkPage(false),
        getNextPageParam: (last, _all, lastParam) =>
          last.pagination.hasMore ? { page: last.pagination.currentPage + 1, limit: lastParam.limit } : undefined,
      },
      query: ({ queryArg: { search, connection }, pageParam: { page, limit } }) =>
        operationRequest(operations.listNetwork, {
          query: { page, limit, search: search || undefined, connection },
          // The list has no text of its own (product.md § Error texts): the server's words, or the generic fallback.
          fallback: NETWORK_FALLBACK,
        }),
      providesTags: (data, _error, arg) => [
        { type: 'Network', id: arg.connection === 'friends' ? 'FRIENDS' : 'LIST' },
        ...personTags('Network', data ? peopleOf(data) : []),
      ],
    }),
  }),
});

/** The loaded pages as one list; someone who joined meanwhile can push a person onto two pages. */
export function peopleOf(data: InfiniteData<NetworkPage, NetworkPageParam>): NetworkUser[] {
  const seen = new Set<string>();
  return data.pages.flatMap((page) =>
    page.data.filter((user) => {
      if (seen.has(user._id)) return false;
      seen.add(user._id);
      return true;
    }),
  );
}

export const { useNetworkInfiniteQuery } = networkApi;

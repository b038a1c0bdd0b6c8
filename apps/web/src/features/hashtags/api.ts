/** Trending tags and the tag search (product.md § Hashtags); a tag's posts are a list of the posts feature. */
import type { FoundTag, OperationResponse, TrendingTag } from '@plaza/contract';
import { operations } from '../../api/operations';
import { operationRequest } from '../../api/operation';
import { plazaApi } from '../../api/plaza-api';
import { fallbackIn } from '../../lib/fallback-texts';

export const TRENDING_FALLBACK = fallbackIn('errors.trending');
export const TAG_SEARCH_FALLBACK = fallbackIn('errors.tagSearch');

/** How often an open trending list reads again: the server works it out at most once a minute. */
export const TRENDING_REFRESH_MS = 60_000;

export const hashtagsApi = plazaApi.injectEndpoints({
  endpoints: (build) => ({
    trendingTags: build.query<TrendingTag[], void>({
      query: () => operationRequest(operations.listTrendingTags, { fallback: TRENDING_FALLBACK }),
      transformResponse: (res: OperationResponse<typeof operations.listTrendingTags>) => res.data,
      providesTags: ['Tags'],
    }),
    /** One cache entry per query, as the people search keeps them, so an older answer never shows for a newer one. */
    searchTags: build.query<FoundTag[], string>({
      query: (query) => operationRequest(operations.searchTags, { query: { query }, fallback: TAG_SEARCH_FALLBACK }),
      transformResponse: (res: OperationResponse<typeof operations.searchTags>) => res.tags,
      providesTags: ['Tags'],
    }),
  }),
});

export const { useTrendingTagsQuery, useSearchTagsQuery } = hashtagsApi;

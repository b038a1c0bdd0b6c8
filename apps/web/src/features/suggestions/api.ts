/** Suggested people (product.md § Suggestions, GET /users/suggested-users): friends of friends first. */
import { PAGE_SIZES, type OperationResponse, type SuggestedUser } from '@plaza/contract';
import { operations } from '../../api/operations';
import { operationRequest } from '../../api/operation';
import { plazaApi } from '../../api/plaza-api';
import { fallbackIn } from '../../lib/fallback-texts';
import { personTags, type PersonWithStatus } from '../connections';

export const SUGGESTIONS_FALLBACK = fallbackIn('errors.unknown');

export type SuggestedPerson = SuggestedUser & PersonWithStatus;

export const suggestionsApi = plazaApi.injectEndpoints({
  endpoints: (build) => ({
    suggestions: build.query<SuggestedPerson[], void>({
      query: () =>
        operationRequest(operations.listSuggestions, {
          query: { page: 1, limit: PAGE_SIZES.suggestions },
          fallback: SUGGESTIONS_FALLBACK,
        }),
      // The server never suggests a friend or someone with a pending request; a request sent from the
      // panel then shows here like anywhere else.
      transformResponse: (res: OperationResponse<typeof operations.listSuggestions>): SuggestedPerson[] =>
        res.data.suggestions.map((user) => ({ ...user, connectionStatus: 'not_connected' })),
      providesTags: (people) => [{ type: 'Suggestions', id: 'LIST' }, ...personTags('Suggestions', people ?? [])],
    }),
  }),
});

export const { useSuggestionsQuery } = suggestionsApi;

/** Suggested people (product.md § Suggestions, GET /users/suggested-users): friends of friends first. */
import { PAGE_SIZES, type OperationResponse, type SuggestedUser } from '@plaza/contract';
import { operations } from '../../api/operations';
import { operationRequest } from '../../api/operation';
import { plazaApi } from '../../api/plaza-api';
import { personTags, type PersonWithStatus } from '../connections';

export const SUGGESTIONS_ERROR = 'An unknown error occurred.';

export type SuggestedPerson = SuggestedUser & PersonWithStatus;

export const suggestionsApi = plazaApi.injectEndpoints({
  endpoints: (build) => ({
    suggestions: build.query<SuggestedPerson[], void>({
      query: () =>
        operationRequest(operations.listSuggestions, {
          query: { page: 1, limit: PAGE_SIZES.suggestions },
          fallback: { error: SUGGESTIONS_ERROR, message: SUGGESTIONS_ERROR },
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

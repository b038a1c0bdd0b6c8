/** The operations of the network list, profiles, user search and suggestions (product.md § Network and connections, § Profiles, § Search, § Suggestions). */
import { defineOperation } from '../operation';
import {
  networkQuerySchema,
  networkResponseSchema,
  ownProfileParamsSchema,
  ownProfileResponseSchema,
  suggestionsQuerySchema,
  suggestionsResponseSchema,
  userSearchQuerySchema,
  userSearchResponseSchema,
  visitedProfileParamsSchema,
  visitedProfileResponseSchema,
} from '../people';

export const peopleOperations = {
  listNetwork: defineOperation({
    operationId: 'listNetwork',
    method: 'GET',
    path: '/users/network',
    summary: 'Other users with your connection status, optionally filtered by name',
    tags: ['people'],
    auth: true,
    querystring: networkQuerySchema,
    responses: { 200: networkResponseSchema },
    errors: [400, 401],
  }),
  getOwnProfile: defineOperation({
    operationId: 'getOwnProfile',
    method: 'GET',
    path: '/users/u/profile/:authUser',
    summary: 'Your own profile with its counts',
    description: '`authUser` is the caller’s own user name; any other name is refused with 403.',
    tags: ['people'],
    auth: true,
    params: ownProfileParamsSchema,
    responses: { 200: ownProfileResponseSchema },
    errors: [400, 401, 403, 404],
  }),
  getVisitedProfile: defineOperation({
    operationId: 'getVisitedProfile',
    method: 'GET',
    path: '/users/u/profile/:authUser/visited/:userName',
    summary: "Another user's profile as you see it",
    tags: ['people'],
    auth: true,
    params: visitedProfileParamsSchema,
    responses: { 200: visitedProfileResponseSchema },
    errors: [400, 401, 403, 404],
  }),
  searchUsers: defineOperation({
    operationId: 'searchUsers',
    method: 'GET',
    path: '/search/users',
    summary: 'Up to 20 users by name: prefix matches first, then substring matches',
    description:
      'Names starting with the query (user name, full name, a later word of the full name) come first, read whole from their indexes. ' +
      'Substring matches fill the rest of the page, word starts first, ranked among the first 50 people the index finds, ' +
      'so a substring that thousands share shows 20 of those 50 (docs/decisions/search.md).',
    tags: ['people'],
    auth: true,
    querystring: userSearchQuerySchema,
    responses: { 200: userSearchResponseSchema },
    errors: [400, 401],
  }),
  listSuggestions: defineOperation({
    operationId: 'listSuggestions',
    method: 'GET',
    path: '/users/suggested-users',
    summary: 'People you may know: friends of friends first, then new users',
    tags: ['people'],
    auth: true,
    querystring: suggestionsQuerySchema,
    responses: { 200: suggestionsResponseSchema },
    errors: [400, 401],
  }),
};

/**
 * The web app's one cache of server data (RTK Query). Each feature adds its endpoints with
 * `plazaApi.injectEndpoints` in its own `api.ts`; tags below are how a change in one place refreshes
 * the lists that show it elsewhere.
 */
import { createApi } from '@reduxjs/toolkit/query/react';
import { apiBaseQuery } from './base-query';

export const TAG_TYPES = [
  'Me',
  'Post',
  'Feed',
  'Favorites',
  'UserPosts',
  'TagPosts',
  'Tags',
  'Reactions',
  'Comments',
  'Profile',
  'Network',
  'Connection',
  'Requests',
  'Suggestions',
  'Search',
  'Notifications',
  'Stories',
  'Conversations',
  'Messages',
  'Safety',
  'Reports',
  'TwoFactor',
  'Passkeys',
  'Sessions',
  'NotificationPreferences',
] as const;

export const plazaApi = createApi({
  reducerPath: 'api',
  baseQuery: apiBaseQuery,
  tagTypes: TAG_TYPES,
  // Lists refetch when a screen opens again after a minute, and on reconnect (see setupListeners in the store).
  refetchOnMountOrArgChange: 60,
  refetchOnReconnect: true,
  endpoints: () => ({}),
});

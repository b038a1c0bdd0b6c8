/**
 * Profiles (product.md § Profiles): the signed-in user's own (GET /users/u/profile/{authUser}) or a visited one
 * (…/visited/{userName}), with their counts. A visited person is tagged like every list that shows a
 * connection status, so a change made anywhere shows here too.
 */
import type { NetworkUser, OperationResponse, ProfileStats, SelfUser } from '@plaza/contract';
import { operations } from '../../api/operations';
import { api } from '../../api/client';
import { toErrorPayload } from '../../api/errors';
import { operationPath, operationRequest } from '../../api/operation';
import { plazaApi } from '../../api/plaza-api';
import { fallbackIn } from '../../lib/fallback-texts';
import { personTags } from '../connections';

export const PROFILE_FALLBACK = fallbackIn('errors.profile');

export interface OwnProfile {
  isOwn: true;
  user: SelfUser;
  stats: ProfileStats;
}

export interface VisitedProfile {
  isOwn: false;
  /** The person, with how the signed-in user stands with them. */
  user: NetworkUser;
  stats: ProfileStats;
  mutualFriends: number;
}

export type ProfileData = OwnProfile | VisitedProfile;

export interface VisitedProfileArgs {
  authUser: string;
  userName: string;
}

export const isSameUser = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

export const profileApi = plazaApi.injectEndpoints({
  endpoints: (build) => ({
    ownProfile: build.query<OwnProfile, string>({
      // product.md § Profiles: the own profile counts as loaded only with status 200 and success true, so this one
      // reads the status the API client answered with.
      async queryFn(authUser) {
        try {
          const res = await api.get<OperationResponse<typeof operations.getOwnProfile>>(
            operationPath(operations.getOwnProfile, { authUser }),
          );
          if (res.status !== 200 || res.data.success !== true) return { error: PROFILE_FALLBACK };
          return { data: { isOwn: true, user: res.data.data.user, stats: res.data.data.stats } };
        } catch (err) {
          return { error: toErrorPayload(err, PROFILE_FALLBACK) };
        }
      },
      // 'Me': the caller's own friend count changes with every friendship, and their name with settings.
      providesTags: (profile) => ['Me', ...(profile ? [{ type: 'Profile' as const, id: profile.user._id }] : [])],
    }),

    visitedProfile: build.query<VisitedProfile, VisitedProfileArgs>({
      query: ({ authUser, userName }) =>
        operationRequest(operations.getVisitedProfile, { params: { authUser, userName }, fallback: PROFILE_FALLBACK }),
      transformResponse: ({ data }: OperationResponse<typeof operations.getVisitedProfile>): VisitedProfile => ({
        isOwn: false,
        user: { ...data.user, connectionStatus: data.connectionStatus },
        stats: data.stats,
        mutualFriends: data.mutualFriends,
      }),
      providesTags: (profile) => personTags('Profile', profile ? [profile.user] : []),
    }),
  }),
});

export const { useOwnProfileQuery, useVisitedProfileQuery } = profileApi;

/** The people the composers' mention autocomplete offers (product.md § Mentions): friends whose name matches. */
import { MENTION_LIMITS, type OperationResponse, type PublicUser } from '@plaza/contract';
import { operations } from '../../api/operations';
import { operationRequest } from '../../api/operation';
import { plazaApi } from '../../api/plaza-api';

export type MentionCandidate = Pick<PublicUser, '_id' | 'userName' | 'fullName' | 'userImage'>;

export const mentionsApi = plazaApi.injectEndpoints({
  endpoints: (build) => ({
    /** One cache entry per typed name, so an older answer never shows for a newer one. */
    mentionFriends: build.query<MentionCandidate[], string>({
      query: (search) =>
        operationRequest(operations.listNetwork, {
          query: { page: 1, limit: MENTION_LIMITS.suggestions, search, connection: 'friends' },
        }),
      transformResponse: (res: OperationResponse<typeof operations.listNetwork>) =>
        res.data.map(({ _id, userName, fullName, userImage }) => ({ _id, userName, fullName, userImage })),
    }),
  }),
});

export const { useMentionFriendsQuery } = mentionsApi;

/**
 * Reactions (product.md § Reactions): who reacted with what, and the toggle of one kind.
 * A toggle shows at once on every copy of the post, rolls back if the call fails, and after it succeeds
 * the post's reactions are refetched; the fetched counts are written back into the post.
 */
import { REACTION_TYPES, type OperationResponse, type ReactionCounts, type ReactionType } from '@plaza/contract';
import { operations } from '../../api/operations';
import { operationRequest } from '../../api/operation';
import { plazaApi } from '../../api/plaza-api';
import { fallback, wasCanceled } from '../../lib/error-text';
import { patchPost, toggleReaction } from '../posts';

export const FETCH_REACTIONS_FAILED = 'Failed to fetch reactions';
export const REACT_FAILED = 'Failed to react to post';
export const REMOVE_REACTION_FAILED = 'Failed to remove reaction';

interface ReactionToggle {
  postId: string;
  reactionType: ReactionType;
  /** The reader holds this kind now, so the toggle takes it back. */
  removing: boolean;
}

type ReactionsReply = OperationResponse<typeof operations.getReactions>;
type ReactReply = OperationResponse<typeof operations.toggleReaction>;

const countsOf = (reactions: ReactionsReply['reactions']) =>
  Object.fromEntries(REACTION_TYPES.map((kind) => [kind, reactions[kind].count])) as ReactionCounts;

const reactionsApi = plazaApi.injectEndpoints({
  endpoints: (build) => ({
    getReactions: build.query<ReactionsReply, string, ReactionsReply>({
      query: (postId) => operationRequest(operations.getReactions, { query: { postId }, fallback: fallback(FETCH_REACTIONS_FAILED) }),
      providesTags: (_data, _error, postId) => [{ type: 'Reactions', id: postId }],
      async onQueryStarted(postId, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(
            patchPost(postId, (post) => {
              post.reactionCounts = countsOf(data.reactions);
              post.totalReactions = data.totalReactions;
              post.currentUserReactions = [...data.currentUserReactions];
            }),
          );
        } catch {
          // The list of people says it failed; the post keeps its counts.
        }
      },
    }),

    /** `toggleReaction` toggles one kind: the same call adds and removes. */
    reactToPost: build.mutation<ReactReply, ReactionToggle, ReactReply>({
      query: ({ postId, reactionType, removing }) =>
        operationRequest(operations.toggleReaction, {
          params: { postId },
          body: { reactionType },
          fallback: fallback(removing ? REMOVE_REACTION_FAILED : REACT_FAILED),
        }),
      async onQueryStarted({ postId, reactionType, removing }, { dispatch, queryFulfilled }) {
        const patch = dispatch(patchPost(postId, (post) => toggleReaction(post, reactionType, !removing)));
        try {
          await queryFulfilled;
        } catch (failure) {
          // A request replaced by an identical newer one is settled by that one.
          if (!wasCanceled(failure)) patch.undo();
          return;
        }
        void dispatch(reactionsApi.endpoints.getReactions.initiate(postId, { subscribe: false, forceRefetch: true }));
      },
    }),
  }),
});

export const { useGetReactionsQuery, useReactToPostMutation } = reactionsApi;

/**
 * Reactions per post (SPEC §3 "Reaction set per post"): six kinds with count and users, the total and
 * the caller's own kinds. A toggle shows at once, rolls back if the call fails, and after it succeeds
 * the post's reactions are refetched (SPEC §4).
 */
import { REACTION_TYPES, type PublicUser, type ReactionCounts, type ReactionType, type ReactionsResponse } from '@plaza/contract';
import { createAsyncThunk, createSlice } from '@reduxjs/toolkit';
import { toErrorPayload, type ApiErrorPayload } from '../../api/errors';
import { postsApi } from '../../api/posts';
import { errorText, fallback, wasCanceled } from '../posts/errorText';
import { deletePost, postsReceived } from '../posts/postActions';
import type { RequestStatus } from '../posts/requestStatus';
import { sessionChanged } from '../posts/sessionChange';

export const FETCH_REACTIONS_FAILED = 'Failed to fetch reactions';
export const REACT_FAILED = 'Failed to react to post';
export const REMOVE_REACTION_FAILED = 'Failed to remove reaction';

export interface ReactionKindState {
  count: number;
  users: PublicUser[];
}

export type PostReactions = Record<ReactionType, ReactionKindState> & {
  totalReactions: number;
  currentUserReactions: ReactionType[];
  status: RequestStatus;
  error: string | null;
  /** Kinds whose toggle is still on its way, so a second click waits for the first. */
  pendingKinds: ReactionType[];
};

export interface ReactionsState {
  byPostId: Record<string, PostReactions>;
}

/** What a post already says about its reactions, to start from before the full set is fetched. */
export interface ReactionSeed {
  reactionCounts: ReactionCounts;
  totalReactions: number;
  currentUserReactions: ReactionType[];
}

export interface ToggleArg {
  postId: string;
  reactionType: ReactionType;
  seed: ReactionSeed;
}

const initialState: ReactionsState = { byPostId: {} };

function fromSeed(seed: ReactionSeed): PostReactions {
  const kinds = Object.fromEntries(
    REACTION_TYPES.map((k): [ReactionType, ReactionKindState] => [k, { count: seed.reactionCounts[k], users: [] }]),
  ) as Record<ReactionType, ReactionKindState>;
  return {
    ...kinds,
    totalReactions: seed.totalReactions,
    currentUserReactions: [...seed.currentUserReactions],
    status: 'idle',
    error: null,
    pendingKinds: [],
  };
}

export const fetchReactions = createAsyncThunk<ReactionsResponse, string, { rejectValue: ApiErrorPayload }>(
  'reactions/fetch',
  async (postId, { rejectWithValue }) => {
    try {
      return await postsApi.reactions(postId);
    } catch (err) {
      return rejectWithValue(toErrorPayload(err, fallback(FETCH_REACTIONS_FAILED)));
    }
  },
);

function toggleThunk(type: string, failure: string) {
  return createAsyncThunk<{ totalReactions: number }, ToggleArg, { rejectValue: ApiErrorPayload }>(
    type,
    async ({ postId, reactionType }, { dispatch, rejectWithValue }) => {
      try {
        const result = await postsApi.react(postId, reactionType);
        void dispatch(fetchReactions(postId));
        return { totalReactions: result.totalReactions };
      } catch (err) {
        return rejectWithValue(toErrorPayload(err, fallback(failure)));
      }
    },
  );
}

export const addReaction = toggleThunk('reactions/add', REACT_FAILED);
export const removeReaction = toggleThunk('reactions/remove', REMOVE_REACTION_FAILED);

function applyToggle(entry: PostReactions, kind: ReactionType, adding: boolean) {
  const holds = entry.currentUserReactions.includes(kind);
  if (adding && !holds) {
    entry[kind].count += 1;
    entry.totalReactions += 1;
    entry.currentUserReactions.push(kind);
  } else if (!adding && holds) {
    entry[kind].count = Math.max(0, entry[kind].count - 1);
    entry.totalReactions = Math.max(0, entry.totalReactions - 1);
    entry.currentUserReactions = entry.currentUserReactions.filter((k) => k !== kind);
  }
}

const reactionsSlice = createSlice({
  name: 'reactions',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(fetchReactions.pending, (state, action) => {
        const entry = state.byPostId[action.meta.arg];
        if (entry) {
          entry.status = 'loading';
          entry.error = null;
        }
      })
      .addCase(fetchReactions.fulfilled, (state, action) => {
        const postId = action.meta.arg;
        const { reactions, totalReactions, currentUserReactions } = action.payload;
        const previous = state.byPostId[postId];
        const entry: PostReactions = {
          ...(previous ??
            fromSeed({
              reactionCounts: { heart: 0, fire: 0, thumbsUp: 0, smile: 0, celebrate: 0, clap: 0 },
              totalReactions: 0,
              currentUserReactions: [],
            })),
        };
        for (const kind of REACTION_TYPES) entry[kind] = { count: reactions[kind].count, users: reactions[kind].users };
        entry.totalReactions = totalReactions;
        entry.currentUserReactions = [...currentUserReactions];
        entry.status = 'succeeded';
        entry.error = null;
        state.byPostId[postId] = entry;
      })
      .addCase(fetchReactions.rejected, (state, action) => {
        const entry = state.byPostId[action.meta.arg];
        if (!entry) return;
        // A refetch canceled by a newer identical one is not a failure; the newer one settles it.
        if (wasCanceled(action.payload)) return;
        entry.status = 'failed';
        entry.error = errorText(action.payload, FETCH_REACTIONS_FAILED);
      })
      .addCase(postsReceived, (state, action) => {
        for (const post of action.payload) {
          const entry = state.byPostId[post._id];
          if (!entry || entry.pendingKinds.length > 0) continue;
          const fresh = fromSeed(post);
          // Counts come from the post; the people behind them are refetched when someone looks.
          state.byPostId[post._id] = { ...fresh, status: 'idle' };
        }
      })
      .addCase(deletePost.fulfilled, (state, action) => {
        delete state.byPostId[action.payload.postId];
      });

    for (const [thunk, adding, failure] of [
      [addReaction, true, REACT_FAILED],
      [removeReaction, false, REMOVE_REACTION_FAILED],
    ] as const) {
      builder
        .addCase(thunk.pending, (state, action) => {
          const { postId, reactionType, seed } = action.meta.arg;
          const entry = (state.byPostId[postId] ??= fromSeed(seed));
          applyToggle(entry, reactionType, adding);
          entry.pendingKinds.push(reactionType);
          entry.error = null;
        })
        .addCase(thunk.fulfilled, (state, action) => {
          const entry = state.byPostId[action.meta.arg.postId];
          if (!entry) return;
          entry.pendingKinds = entry.pendingKinds.filter((k) => k !== action.meta.arg.reactionType);
          entry.totalReactions = action.payload.totalReactions;
        })
        .addCase(thunk.rejected, (state, action) => {
          const entry = state.byPostId[action.meta.arg.postId];
          if (!entry) return;
          const { reactionType } = action.meta.arg;
          entry.pendingKinds = entry.pendingKinds.filter((k) => k !== reactionType);
          if (wasCanceled(action.payload)) return;
          applyToggle(entry, reactionType, !adding);
          entry.error = errorText(action.payload, failure);
        });
    }
    builder.addMatcher(sessionChanged, () => initialState);
  },
});

export default reactionsSlice.reducer;

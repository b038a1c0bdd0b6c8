/** One person's posts, for their profile page: `my-posts` for oneself, `user/{userName}` for others. */
import { PAGE_SIZES, type UserPostsResponse } from '@plaza/contract';
import { createAsyncThunk, createSlice } from '@reduxjs/toolkit';
import { toErrorPayload, type ApiErrorPayload } from '../../api/errors';
import { postsApi } from '../../api/posts';
import { errorText, fallback, wasCanceled } from './errorText';
import { postCreated, postsReceived } from './postActions';
import { initialPagedPosts, pageFailed, pageReceived, pageRequested, type PagedPostsState } from './pagedPosts';
import { addPostSyncCases } from './postSync';
import { sessionChanged } from './sessionChange';

export const FETCH_USER_POSTS_FAILED = 'Failed to fetch user feeds';

export interface ProfilePostsState extends PagedPostsState {
  userName: string | null;
}

type Root = { profilePosts: ProfilePostsState; auth: { userDetails: { userName: string } | null } };

const initialState: ProfilePostsState = { ...initialPagedPosts(PAGE_SIZES.feed), userName: null };

const sameName = (a: string | null | undefined, b: string | null | undefined) => !!a && !!b && a.toLowerCase() === b.toLowerCase();

export const fetchProfilePosts = createAsyncThunk<
  UserPostsResponse,
  { userName: string; page: number },
  { state: Root; rejectValue: ApiErrorPayload }
>(
  'profilePosts/fetch',
  async ({ userName, page }, { getState, dispatch, rejectWithValue }) => {
    try {
      const mine = sameName(getState().auth.userDetails?.userName, userName);
      const data = mine ? await postsApi.myPosts(page) : await postsApi.userPosts(userName, page);
      dispatch(postsReceived(data.userPosts));
      return data;
    } catch (err) {
      return rejectWithValue(toErrorPayload(err, fallback(FETCH_USER_POSTS_FAILED)));
    }
  },
  {
    condition: ({ userName, page }, { getState }) => {
      const state = getState().profilePosts;
      return !(page > 1 && state.status === 'loading' && sameName(state.userName, userName));
    },
  },
);

const profilePostsSlice = createSlice({
  name: 'profilePosts',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(fetchProfilePosts.pending, (state, action) => {
        const { userName, page } = action.meta.arg;
        if (!sameName(state.userName, userName)) Object.assign(state, initialState, { userName });
        pageRequested(state, page, action.meta.requestId);
      })
      .addCase(fetchProfilePosts.fulfilled, (state, { meta, payload }) =>
        pageReceived(state, meta.requestId, meta.arg.page, payload.userPosts, payload.pagination),
      )
      .addCase(fetchProfilePosts.rejected, (state, { meta, payload }) =>
        pageFailed(state, meta.requestId, wasCanceled(payload), errorText(payload, FETCH_USER_POSTS_FAILED)),
      )
      .addCase(postCreated, (state, action) => {
        if (!sameName(state.userName, action.payload.author.userName) || state.posts.some((p) => p._id === action.payload._id)) return;
        state.posts.unshift(action.payload);
        state.pagination.total += 1;
      });
    addPostSyncCases(builder, (state) => state.posts, {
      onRemoved: (state) => {
        state.pagination.total = Math.max(0, state.pagination.total - 1);
      },
    });
    builder.addMatcher(sessionChanged, () => initialState);
  },
});

export default profilePostsSlice.reducer;

/**
 * The home feed (SPEC §3 "Feed", §4): page 1 replaces the posts, later pages append without repeating
 * an id. The `anchor` page 1 answers freezes later pages at that moment, so new posts don't shift them.
 */
import type { Post } from '@plaza/contract';
import { createAsyncThunk, createSlice } from '@reduxjs/toolkit';
import { toErrorPayload, type ApiErrorPayload } from '../../api/errors';
import { postsApi, type FeedPage } from '../../api/posts';
import { errorText, fallback, wasCanceled } from '../posts/errorText';
import { postCreated, postsReceived } from '../posts/postActions';
import { addPostSyncCases, mergePage } from '../posts/postSync';
import type { RequestStatus } from '../posts/requestStatus';
import { sessionChanged } from '../posts/sessionChange';

export const FETCH_FEED_FAILED = 'An error occurred while fetching feeds';

export interface FeedState {
  feeds: Post[];
  totalCount: number;
  currentPage: number;
  totalPages: number;
  hasMore: boolean;
  status: RequestStatus;
  error: string | null;
  /** The page being fetched while `status` is loading. */
  loadingPage: number | null;
  anchor: string | null;
  /** A newer post exists than the first one shown. */
  newPostsAvailable: boolean;
  /** The latest fetch; an older one answering late is ignored. */
  requestId: string | null;
}

export const initialFeedState: FeedState = {
  feeds: [],
  totalCount: 0,
  currentPage: 0,
  totalPages: 0,
  hasMore: false,
  status: 'idle',
  error: null,
  loadingPage: null,
  anchor: null,
  newPostsAvailable: false,
  requestId: null,
};

type FeedRoot = { feed: FeedState; auth: { userDetails: { userName: string } | null } };

export const fetchFeeds = createAsyncThunk<FeedPage, { page: number }, { state: FeedRoot; rejectValue: ApiErrorPayload }>(
  'feed/fetch',
  async ({ page }, { getState, dispatch, rejectWithValue }) => {
    const { auth, feed } = getState();
    try {
      const data = await postsApi.feed(auth.userDetails?.userName ?? '', page, feed.anchor ?? undefined);
      dispatch(postsReceived(data.feeds));
      return data;
    } catch (err) {
      return rejectWithValue(toErrorPayload(err, fallback(FETCH_FEED_FAILED)));
    }
  },
  {
    // One "next page" at a time: the sentinel and the button may both ask.
    condition: ({ page }, { getState }) => !(page > 1 && getState().feed.status === 'loading'),
  },
);

/** Asks for the newest post only, to offer "New posts" without moving what the reader sees. */
export const checkNewPosts = createAsyncThunk<string | null, void, { state: FeedRoot }>('feed/checkNew', async (_arg, { getState }) => {
  const { auth } = getState();
  const data = await postsApi.feed(auth.userDetails?.userName ?? '', 1, undefined, 1);
  return data.feeds[0]?._id ?? null;
});

const feedSlice = createSlice({
  name: 'feed',
  initialState: initialFeedState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(fetchFeeds.pending, (state, action) => {
        state.status = 'loading';
        state.loadingPage = action.meta.arg.page;
        state.requestId = action.meta.requestId;
        state.error = null;
      })
      .addCase(fetchFeeds.fulfilled, (state, action) => {
        if (action.meta.requestId !== state.requestId) return;
        const { page } = action.meta.arg;
        const data = action.payload;
        state.feeds = mergePage(state.feeds, data.feeds, page);
        state.totalCount = data.totalCount;
        state.currentPage = data.currentPage;
        state.totalPages = data.totalPages;
        state.hasMore = data.hasMore;
        if (page <= 1) {
          state.anchor = data.anchor ?? null;
          state.newPostsAvailable = false;
        }
        state.status = 'succeeded';
        state.loadingPage = null;
      })
      .addCase(fetchFeeds.rejected, (state, action) => {
        if (wasCanceled(action.payload) || action.meta.requestId !== state.requestId) return;
        state.status = 'failed';
        state.loadingPage = null;
        state.error = errorText(action.payload, FETCH_FEED_FAILED);
      })
      .addCase(checkNewPosts.fulfilled, (state, action) => {
        const newest = action.payload;
        if (newest && state.status === 'succeeded' && !state.feeds.some((p) => p._id === newest)) state.newPostsAvailable = true;
      })
      .addCase(postCreated, (state, action) => {
        if (state.feeds.some((p) => p._id === action.payload._id)) return;
        state.feeds.unshift(action.payload);
        state.totalCount += 1;
      });
    addPostSyncCases(builder, (state) => state.feeds, {
      onRemoved: (state) => {
        state.totalCount = Math.max(0, state.totalCount - 1);
      },
    });
    builder.addMatcher(sessionChanged, () => initialFeedState);
  },
});

export default feedSlice.reducer;

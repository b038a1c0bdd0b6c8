/** The signed-in user's saved posts (CONTRACT "Favorites"), most recently saved first. */
import { PAGE_SIZES, type FavoritesResponse } from '@plaza/contract';
import { createAsyncThunk, createSlice } from '@reduxjs/toolkit';
import { toErrorPayload, type ApiErrorPayload } from '../../api/errors';
import { postsApi } from '../../api/posts';
import { errorText, fallback, wasCanceled } from '../posts/errorText';
import { postsReceived } from '../posts/postActions';
import { initialPagedPosts, pageFailed, pageReceived, pageRequested, type PagedPostsState } from '../posts/pagedPosts';
import { addPostSyncCases } from '../posts/postSync';
import { sessionChanged } from '../posts/sessionChange';

export const FETCH_FAVORITES_FAILED = 'Failed to fetch saved posts';

export type FavoritesState = PagedPostsState;

export const fetchFavorites = createAsyncThunk<
  FavoritesResponse,
  { page: number },
  { state: { favorites: FavoritesState }; rejectValue: ApiErrorPayload }
>(
  'favorites/fetch',
  async ({ page }, { dispatch, rejectWithValue }) => {
    try {
      const data = await postsApi.favorites(page);
      dispatch(postsReceived(data.posts));
      return data;
    } catch (err) {
      return rejectWithValue(toErrorPayload(err, fallback(FETCH_FAVORITES_FAILED)));
    }
  },
  { condition: ({ page }, { getState }) => !(page > 1 && getState().favorites.status === 'loading') },
);

const favoritesSlice = createSlice({
  name: 'favorites',
  initialState: initialPagedPosts(PAGE_SIZES.feed),
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(fetchFavorites.pending, (state, { meta }) => pageRequested(state, meta.arg.page, meta.requestId))
      .addCase(fetchFavorites.fulfilled, (state, { meta, payload }) =>
        pageReceived(state, meta.requestId, meta.arg.page, payload.posts, payload.pagination),
      )
      .addCase(fetchFavorites.rejected, (state, { meta, payload }) =>
        pageFailed(state, meta.requestId, wasCanceled(payload), errorText(payload, FETCH_FAVORITES_FAILED)),
      );
    addPostSyncCases(builder, (state) => state.posts, {
      onRemoved: (state) => {
        state.pagination.total = Math.max(0, state.pagination.total - 1);
      },
      onFavoriteSettled: (state, post, isFavorite) => {
        const index = state.posts.findIndex((p) => p._id === post._id);
        if (!isFavorite && index >= 0) {
          state.posts.splice(index, 1);
          state.pagination.total = Math.max(0, state.pagination.total - 1);
        } else if (isFavorite && index < 0 && state.status === 'succeeded') {
          state.posts.unshift({ ...post, isFavorite: true });
          state.pagination.total += 1;
        }
      },
    });
    builder.addMatcher(sessionChanged, () => initialPagedPosts(PAGE_SIZES.feed));
  },
});

export default favoritesSlice.reducer;

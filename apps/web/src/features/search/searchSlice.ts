/** User search (SPEC §3 "Search result"): the latest query's users; older answers never overwrite newer ones. */
import type { PublicUser } from '@plaza/contract';
import { createAsyncThunk, createSlice } from '@reduxjs/toolkit';
import { peopleApi } from '../../api/people';
import { rejection, type PeopleRejection, type RequestStatus } from '../connections/request';

export const SEARCH_ERROR = 'Failed to search users';

export interface SearchState {
  query: string;
  results: PublicUser[];
  status: RequestStatus;
  error: string | null;
  latestRequestId: string | null;
}

export const initialSearchState: SearchState = { query: '', results: [], status: 'idle', error: null, latestRequestId: null };

export const searchUsers = createAsyncThunk<PublicUser[], string, { rejectValue: PeopleRejection }>(
  'search/users',
  async (query, { rejectWithValue }) => {
    try {
      return await peopleApi.searchUsers(query.trim());
    } catch (err) {
      return rejectWithValue(rejection(err, SEARCH_ERROR));
    }
  },
);

const searchSlice = createSlice({
  name: 'search',
  initialState: initialSearchState,
  reducers: {
    clearSearch: () => initialSearchState,
  },
  extraReducers: (builder) => {
    builder
      .addCase(searchUsers.pending, (state, { meta }) => {
        state.latestRequestId = meta.requestId;
        state.query = meta.arg;
        state.status = 'loading';
        state.error = null;
      })
      .addCase(searchUsers.fulfilled, (state, { meta, payload }) => {
        if (meta.requestId !== state.latestRequestId) return;
        state.status = 'succeeded';
        state.results = payload;
      })
      .addCase(searchUsers.rejected, (state, { meta, payload }) => {
        if (meta.requestId !== state.latestRequestId || payload?.canceled) return;
        state.status = 'failed';
        state.results = [];
        state.error = SEARCH_ERROR;
      });
  },
});

export const { clearSearch } = searchSlice.actions;
export default searchSlice.reducer;

/**
 * The network list (SPEC §3 "User list"): users plus pagination. Page 1 replaces the list, later pages
 * append without duplicates; a reset starts over with the larger page size of SPEC §9. Each user's
 * connection status lives in the connections slice, seeded from these responses.
 */
import { PAGE_SIZES, type NetworkPagination, type NetworkUser } from '@plaza/contract';
import { createAsyncThunk, createSlice } from '@reduxjs/toolkit';
import { toErrorPayload } from '../../api/errors';
import { peopleApi } from '../../api/people';
import { rejection, type PeopleRejection, type RequestStatus } from '../connections/request';

export const NETWORK_ERROR_TEXT = 'An unknown error occurred.';

export interface NetworkState {
  users: NetworkUser[];
  pagination: NetworkPagination;
  search: string;
  /** Page 1 requests. */
  status: RequestStatus;
  /** Requests for the pages after the first. */
  moreStatus: RequestStatus;
  error: string | null;
  latestRequestId: string | null;
}

const emptyPagination = (limit: number): NetworkPagination => ({ currentPage: 0, totalUsers: 0, limit, totalPages: 0, hasMore: false });

export const initialNetworkState: NetworkState = {
  users: [],
  pagination: emptyPagination(PAGE_SIZES.network),
  search: '',
  status: 'idle',
  moreStatus: 'idle',
  error: null,
  latestRequestId: null,
};

export interface NetworkPageRequest {
  page: number;
  search?: string;
}

interface NetworkPageResult {
  users: NetworkUser[];
  pagination: NetworkPagination;
}

export const fetchNetwork = createAsyncThunk<
  NetworkPageResult,
  NetworkPageRequest,
  { rejectValue: PeopleRejection; state: { network: NetworkState } }
>('network/fetch', async ({ page, search }, { rejectWithValue, getState }) => {
  const { limit } = getState().network.pagination;
  try {
    const data = await peopleApi.network({ page, limit, search: search?.trim() || undefined });
    return { users: data.data, pagination: data.pagination };
  } catch (err) {
    // The list has no SPEC §8 text of its own: the server's words, or the generic fallback.
    return rejectWithValue({
      ...rejection(err, NETWORK_ERROR_TEXT),
      error: toErrorPayload(err, { error: NETWORK_ERROR_TEXT, message: NETWORK_ERROR_TEXT }).message,
    });
  }
});

const networkSlice = createSlice({
  name: 'network',
  initialState: initialNetworkState,
  reducers: {
    /** Starts over from page 1, with the page size after a reset (SPEC §9). */
    resetNetwork(state) {
      Object.assign(state, initialNetworkState, { pagination: emptyPagination(PAGE_SIZES.networkAfterReset) });
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(fetchNetwork.pending, (state, { meta }) => {
        state.latestRequestId = meta.requestId;
        state.search = meta.arg.search ?? '';
        state.error = null;
        if (meta.arg.page > 1) state.moreStatus = 'loading';
        else state.status = 'loading';
      })
      .addCase(fetchNetwork.fulfilled, (state, { meta, payload }) => {
        // An answer to a superseded request (an older search, say) must not overwrite a newer one.
        if (meta.requestId !== state.latestRequestId) return;
        if (meta.arg.page > 1) {
          const seen = new Set(state.users.map((u) => u._id));
          state.users.push(...payload.users.filter((u) => !seen.has(u._id)));
          state.moreStatus = 'succeeded';
        } else {
          state.users = payload.users;
          state.status = 'succeeded';
        }
        state.pagination = payload.pagination;
      })
      .addCase(fetchNetwork.rejected, (state, { meta, payload }) => {
        if (meta.requestId !== state.latestRequestId || payload?.canceled) return;
        if (meta.arg.page > 1) state.moreStatus = 'failed';
        else state.status = 'failed';
        state.error = payload?.error ?? NETWORK_ERROR_TEXT;
      });
  },
});

export const { resetNetwork } = networkSlice.actions;
export default networkSlice.reducer;

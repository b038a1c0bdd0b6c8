/** Suggested people (SPEC §3, page size of §9); dismissing one hides it for the rest of the session. */
import { PAGE_SIZES, type SuggestedUser } from '@plaza/contract';
import { createAsyncThunk, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { toErrorPayload } from '../../api/errors';
import { peopleApi } from '../../api/people';
import { rejection, type PeopleRejection, type RequestStatus } from '../connections/request';

export const SUGGESTIONS_ERROR = 'An unknown error occurred.';

export interface SuggestionsState {
  items: SuggestedUser[];
  dismissed: string[];
  status: RequestStatus;
  error: string | null;
}

export const initialSuggestionsState: SuggestionsState = { items: [], dismissed: [], status: 'idle', error: null };

export const fetchSuggestions = createAsyncThunk<
  SuggestedUser[],
  void,
  { rejectValue: PeopleRejection; state: { suggestions: SuggestionsState } }
>(
  'suggestions/fetch',
  async (_, { rejectWithValue }) => {
    try {
      const data = await peopleApi.suggestions(1, PAGE_SIZES.suggestions);
      return data.data.suggestions;
    } catch (err) {
      return rejectWithValue({
        ...rejection(err, SUGGESTIONS_ERROR),
        error: toErrorPayload(err, { error: SUGGESTIONS_ERROR, message: SUGGESTIONS_ERROR }).message,
      });
    }
  },
  // Several panels may mount at once (the network page has two layouts); one request serves them all.
  { condition: (_, { getState }) => getState().suggestions.status !== 'loading' },
);

const suggestionsSlice = createSlice({
  name: 'suggestions',
  initialState: initialSuggestionsState,
  reducers: {
    dismissSuggestion(state, action: PayloadAction<string>) {
      state.items = state.items.filter((u) => u._id !== action.payload);
      if (!state.dismissed.includes(action.payload)) state.dismissed.push(action.payload);
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(fetchSuggestions.pending, (state) => {
        state.status = 'loading';
        state.error = null;
      })
      .addCase(fetchSuggestions.fulfilled, (state, { payload }) => {
        state.status = 'succeeded';
        state.items = payload.filter((u) => !state.dismissed.includes(u._id));
      })
      .addCase(fetchSuggestions.rejected, (state, { payload }) => {
        if (payload?.canceled) return;
        state.status = 'failed';
        state.error = payload?.error ?? SUGGESTIONS_ERROR;
      });
  },
});

export const { dismissSuggestion } = suggestionsSlice.actions;
export default suggestionsSlice.reducer;

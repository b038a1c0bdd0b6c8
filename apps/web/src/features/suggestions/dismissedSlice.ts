/** Suggestions the signed-in user waved away (client state): hidden for the rest of the session, refetches included. */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { plazaApi } from '../../api/plaza-api';

export interface DismissedSuggestionsState {
  ids: string[];
}

const initialState: DismissedSuggestionsState = { ids: [] };

const dismissedSlice = createSlice({
  name: 'dismissedSuggestions',
  initialState,
  reducers: {
    dismissSuggestion(state, action: PayloadAction<string>) {
      if (!state.ids.includes(action.payload)) state.ids.push(action.payload);
    },
  },
  // The server-data cache is reset when someone else signs in; what the previous person dismissed goes with it.
  extraReducers: (builder) => builder.addMatcher(plazaApi.util.resetApiState.match, () => initialState),
});

export const { dismissSuggestion } = dismissedSlice.actions;
export default dismissedSlice.reducer;

/** The story viewer's own state: which story is on screen. The stories themselves live in the RTK Query cache. */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { sessionChanged } from '../auth';

export interface StoryViewerState {
  /** The story open in the viewer; null when the viewer is closed. */
  activeStoryId: string | null;
}

export const initialStoryViewerState: StoryViewerState = { activeStoryId: null };

const storyViewerSlice = createSlice({
  name: 'storyViewer',
  initialState: initialStoryViewerState,
  reducers: {
    storyOpened(state, action: PayloadAction<string>) {
      state.activeStoryId = action.payload;
    },
    viewerClosed(state) {
      state.activeStoryId = null;
    },
  },
  extraReducers: (builder) => {
    builder.addMatcher(sessionChanged, () => initialStoryViewerState);
  },
});

export const { storyOpened, viewerClosed } = storyViewerSlice.actions;
export default storyViewerSlice.reducer;

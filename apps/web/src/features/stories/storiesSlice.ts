/** Stories of the caller and their friends, with exactly the transitions of SPEC §4 and the texts of §8. */
import type { Story, StoriesResponse, StoryGroup } from '@plaza/contract';
import { createAsyncThunk, createSlice, type Dispatch, type PayloadAction } from '@reduxjs/toolkit';
import { toErrorPayload, type ApiErrorPayload } from '../../api/errors';
import { storiesApi } from '../../api/stories';
import { findStory, firstToPlay, storyAfter, storyBefore } from './navigation';
import { readViewedIds, writeViewedIds } from './viewed-storage';

export type RequestStatus = 'idle' | 'loading' | 'succeeded' | 'failed';

export interface StoriesState {
  /** Every story of `groupedStories`, flattened in play order. */
  stories: Story[];
  groupedStories: StoryGroup[];
  /** The story open in the viewer, and whose stories it belongs to (a user id); null when the viewer is closed. */
  activeStoryId: string | null;
  activeGroupId: string | null;
  status: RequestStatus;
  error: string | null;
  /** Stories watched in this browser, kept in localStorage so a refetch never shows them as new again. */
  viewedIds: string[];
}

export const FETCH_FALLBACK = { error: 'Failed to fetch stories', message: 'Failed to fetch stories' };
export const CREATE_FALLBACK = { error: 'Failed to create story', message: 'Failed to create story' };
export const VIEW_FALLBACK = { error: 'Failed to view story', message: 'Failed to view story' };
export const DELETE_FALLBACK = { error: 'Failed to delete story', message: 'Failed to delete story' };

export const initialStoriesState = (viewedIds: string[] = []): StoriesState => ({
  stories: [],
  groupedStories: [],
  activeStoryId: null,
  activeGroupId: null,
  status: 'idle',
  error: null,
  viewedIds,
});

type ThunkApi = { state: { stories: StoriesState }; rejectValue: ApiErrorPayload };

/** A request canceled because an identical one replaced it says nothing about the data (SPEC §7). */
export const wasCanceled = (payload: ApiErrorPayload | undefined) => payload?.error === 'canceled';

export const fetchStories = createAsyncThunk<StoriesResponse, void, ThunkApi>('stories/fetch', async (_, { rejectWithValue }) => {
  try {
    return await storiesApi.all();
  } catch (err) {
    return rejectWithValue(toErrorPayload(err, FETCH_FALLBACK));
  }
});

export interface CreateStoryArgs {
  media: File;
  caption: string;
  onProgress?: (fraction: number) => void;
}

export const createStory = createAsyncThunk<Story, CreateStoryArgs, ThunkApi>(
  'stories/create',
  async ({ media, caption, onProgress }, { rejectWithValue }) => {
    try {
      return await storiesApi.create(media, caption, onProgress);
    } catch (err) {
      return rejectWithValue(toErrorPayload(err, CREATE_FALLBACK));
    }
  },
);

/** Marks a story watched at once (pending) and tells the server; a story already watched sends nothing. */
export const viewStory = createAsyncThunk<string, string, ThunkApi>(
  'stories/view',
  async (storyId, { getState, rejectWithValue }) => {
    writeViewedIds(getState().stories.viewedIds);
    try {
      await storiesApi.view(storyId);
      return storyId;
    } catch (err) {
      const payload = toErrorPayload(err, VIEW_FALLBACK);
      if (!wasCanceled(payload)) writeViewedIds(getState().stories.viewedIds.filter((id) => id !== storyId));
      return rejectWithValue(payload);
    }
  },
  { condition: (storyId, { getState }) => findById(getState().stories, storyId)?.viewed === false },
);

/** Deletes a story; when it is the one on screen, the viewer moves on to the story after it first. */
export const deleteStory = createAsyncThunk<string, string, ThunkApi>(
  'stories/delete',
  async (storyId, { dispatch, getState, rejectWithValue }) => {
    try {
      await storiesApi.remove(storyId);
    } catch (err) {
      return rejectWithValue(toErrorPayload(err, DELETE_FALLBACK));
    }
    const { activeStoryId, groupedStories } = getState().stories;
    const next = activeStoryId === storyId ? storyAfter(groupedStories, storyId) : null;
    if (next) dispatch(storiesSlice.actions.openStory(next));
    return storyId;
  },
);

function findById(state: StoriesState, storyId: string): Story | undefined {
  const at = findStory(state.groupedStories, storyId);
  return at ? state.groupedStories[at.groupIndex].stories[at.storyIndex] : undefined;
}

/** Keeps the flat list and each group's `hasUnviewed` true to the groups after any change. */
function settle(state: StoriesState) {
  for (const group of state.groupedStories) group.hasUnviewed = group.stories.some((s) => !s.viewed);
  state.stories = state.groupedStories.flatMap((g) => g.stories);
}

function setViewed(state: StoriesState, storyId: string, viewed: boolean) {
  const story = findById(state, storyId);
  if (story) story.viewed = viewed;
  state.viewedIds = state.viewedIds.filter((id) => id !== storyId);
  if (viewed) state.viewedIds.push(storyId);
  settle(state);
}

function activate(state: StoriesState, storyId: string | null) {
  const at = findStory(state.groupedStories, storyId);
  state.activeStoryId = at ? storyId : null;
  state.activeGroupId = at ? state.groupedStories[at.groupIndex].user._id : null;
}

const storiesSlice = createSlice({
  name: 'stories',
  initialState: () => initialStoriesState(readViewedIds()),
  reducers: {
    /** Opens a person's stories at the first one not watched yet. */
    openGroup(state, action: PayloadAction<string>) {
      activate(state, firstToPlay(state.groupedStories.find((g) => g.user._id === action.payload)));
    },
    openStory(state, action: PayloadAction<string>) {
      activate(state, action.payload);
    },
    closeViewer(state) {
      activate(state, null);
    },
    viewCountLoaded(state, action: PayloadAction<{ storyId: string; viewCount: number }>) {
      const story = findById(state, action.payload.storyId);
      if (story) story.viewCount = action.payload.viewCount;
      settle(state);
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(fetchStories.pending, (state) => {
        state.status = 'loading';
        state.error = null;
      })
      .addCase(fetchStories.fulfilled, (state, action) => {
        const viewed = new Set(state.viewedIds);
        state.status = 'succeeded';
        state.groupedStories = action.payload.groupedStories.map((group) => ({
          ...group,
          stories: group.stories.map((s) => (viewed.has(s._id) ? { ...s, viewed: true } : s)),
        }));
        settle(state);
        // A story that expired or was deleted meanwhile cannot stay on screen.
        if (!findStory(state.groupedStories, state.activeStoryId)) activate(state, null);
      })
      .addCase(fetchStories.rejected, (state, action) => {
        if (wasCanceled(action.payload)) return;
        state.status = 'failed';
        state.error = action.payload?.message ?? FETCH_FALLBACK.message;
      })
      .addCase(createStory.fulfilled, (state, action) => {
        const story = action.payload;
        const ownIndex = state.groupedStories.findIndex((g) => g.user._id === story.user._id);
        const own = ownIndex >= 0 ? state.groupedStories.splice(ownIndex, 1)[0] : { user: story.user, stories: [], hasUnviewed: false };
        // Groups play oldest first, so the new story goes last in the caller's group, and that group first.
        own.stories.push(story);
        state.groupedStories.unshift(own);
        settle(state);
      })
      .addCase(viewStory.pending, (state, action) => {
        setViewed(state, action.meta.arg, true);
      })
      .addCase(viewStory.rejected, (state, action) => {
        if (!wasCanceled(action.payload)) setViewed(state, action.meta.arg, false);
      })
      .addCase(deleteStory.fulfilled, (state, action) => {
        const storyId = action.payload;
        for (const group of state.groupedStories) group.stories = group.stories.filter((s) => s._id !== storyId);
        state.groupedStories = state.groupedStories.filter((g) => g.stories.length > 0);
        state.viewedIds = state.viewedIds.filter((id) => id !== storyId);
        settle(state);
        if (state.activeStoryId === storyId) activate(state, null);
      });
  },
});

export const { openGroup, openStory, closeViewer, viewCountLoaded } = storiesSlice.actions;
export default storiesSlice.reducer;

type WithStories = { stories: StoriesState };
export const selectActiveStory = (s: WithStories): Story | null =>
  s.stories.activeStoryId ? (findById(s.stories, s.stories.activeStoryId) ?? null) : null;
export const selectActiveGroup = (s: WithStories): StoryGroup | null =>
  s.stories.groupedStories.find((g) => g.user._id === s.stories.activeGroupId) ?? null;

/** Past a person's last story comes the next person's first to play; past the last person the viewer closes. */
export const showNextStory = () => (dispatch: Dispatch, getState: () => WithStories) => {
  const { activeStoryId, groupedStories } = getState().stories;
  const next = activeStoryId ? storyAfter(groupedStories, activeStoryId) : null;
  dispatch(next ? openStory(next) : closeViewer());
};

/** Steps back a story; false at the very first one, where the viewer just replays it. */
export const showPreviousStory = () => (dispatch: Dispatch, getState: () => WithStories) => {
  const { activeStoryId, groupedStories } = getState().stories;
  const previous = activeStoryId ? storyBefore(groupedStories, activeStoryId) : null;
  if (previous) dispatch(openStory(previous));
  return previous !== null;
};

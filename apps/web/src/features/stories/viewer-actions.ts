/**
 * What the story viewer shows and does, across the cached stories and the viewer's state: the story and
 * person on screen, moving between them, watching and deleting (product.md § Stories).
 */
import type { StoryGroup } from '@plaza/contract';
import { createSelector, type ThunkAction, type UnknownAction } from '@reduxjs/toolkit';
import type { ApiErrorPayload } from '../../api/errors';
import type { RootState } from '../../app/store';
import { storiesApi, wasCanceled } from './api';
import { findStory, firstToPlay, storyAfter, storyBefore } from './navigation';
import { storyOpened, viewerClosed } from './viewerSlice';

type Thunk<R> = ThunkAction<R, RootState, unknown, UnknownAction>;

const NO_GROUPS: StoryGroup[] = [];
const selectStoriesResult = storiesApi.endpoints.stories.select();

export const selectStoryGroups = (state: RootState): StoryGroup[] => selectStoriesResult(state).data ?? NO_GROUPS;
const selectActiveStoryId = (state: RootState) => state.storyViewer.activeStoryId;

const selectActivePosition = createSelector([selectStoryGroups, selectActiveStoryId], (groups, storyId) => {
  const at = findStory(groups, storyId);
  return at && { group: groups[at.groupIndex], story: groups[at.groupIndex].stories[at.storyIndex] };
});

/** The story on screen; null when the viewer is closed or the story is gone (expired or deleted meanwhile). */
export const selectActiveStory = (state: RootState) => selectActivePosition(state)?.story ?? null;
export const selectActiveGroup = (state: RootState) => selectActivePosition(state)?.group ?? null;

/** Opens a person's stories at the first one not watched yet. */
export const openGroup =
  (userId: string): Thunk<void> =>
  (dispatch, getState) => {
    const first = firstToPlay(selectStoryGroups(getState()).find((g) => g.user._id === userId));
    if (first) dispatch(storyOpened(first));
  };

/** Past a person's last story comes the next person's first to play; past the last person the viewer closes. */
export const showNextStory = (): Thunk<void> => (dispatch, getState) => {
  const state = getState();
  const activeId = selectActiveStoryId(state);
  const next = activeId ? storyAfter(selectStoryGroups(state), activeId) : null;
  dispatch(next ? storyOpened(next) : viewerClosed());
};

/** Steps back a story; false at the very first one, where the viewer just replays it. */
export const showPreviousStory = (): Thunk<boolean> => (dispatch, getState) => {
  const state = getState();
  const activeId = selectActiveStoryId(state);
  const previous = activeId ? storyBefore(selectStoryGroups(state), activeId) : null;
  if (previous) dispatch(storyOpened(previous));
  return previous !== null;
};

/** Tells the server a story was watched, unless it already was; resolves to the failure worth showing, if any. */
export const watchStory =
  (storyId: string): Thunk<Promise<ApiErrorPayload | null>> =>
  async (dispatch, getState) => {
    const groups = selectStoryGroups(getState());
    const at = findStory(groups, storyId);
    if (!at || groups[at.groupIndex].stories[at.storyIndex].viewed) return null;
    const result = await dispatch(storiesApi.endpoints.viewStory.initiate(storyId));
    const error = 'error' in result ? (result.error as ApiErrorPayload) : undefined;
    return error && !wasCanceled(error) ? error : null;
  };

/** Deletes a story; when it is the one on screen, the viewer moves on to the story after it, or closes. */
export const deleteStory =
  (storyId: string): Thunk<Promise<ApiErrorPayload | null>> =>
  async (dispatch, getState) => {
    const wasActive = selectActiveStoryId(getState()) === storyId;
    const next = wasActive ? storyAfter(selectStoryGroups(getState()), storyId) : null;
    const result = await dispatch(storiesApi.endpoints.deleteStory.initiate(storyId));
    if ('error' in result) return result.error as ApiErrorPayload;
    if (wasActive) dispatch(next ? storyOpened(next) : viewerClosed());
    return null;
  };

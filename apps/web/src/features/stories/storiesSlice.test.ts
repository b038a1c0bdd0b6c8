import { configureStore } from '@reduxjs/toolkit';
import { STORAGE_KEYS } from '@plaza/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storiesApi } from '../../api/stories';
import reducer, {
  closeViewer,
  createStory,
  deleteStory,
  fetchStories,
  initialStoriesState,
  openGroup,
  showNextStory,
  viewStory,
  type StoriesState,
} from './storiesSlice';
import { group, person, story } from './test-stories';

const me = person('me', 'Me Myself');
const ann = person('ann', 'Ann Lee');
const bob = person('bob', 'Bob Ray');

function loaded(state: StoriesState, groups = [group(ann, [story('a1', ann), story('a2', ann)]), group(bob, [story('b1', bob)])]) {
  return reducer(
    state,
    fetchStories.fulfilled({ success: true, groupedStories: groups, stories: groups.flatMap((g) => g.stories) }, 'req'),
  );
}

function makeStore(preloaded = initialStoriesState()) {
  return configureStore({ reducer: { stories: reducer }, preloadedState: { stories: preloaded } });
}

beforeEach(() => localStorage.clear());
afterEach(() => vi.restoreAllMocks());

describe('stories slice', () => {
  it('fetching goes loading, then succeeded with the groups and the flat list', () => {
    let state = reducer(initialStoriesState(), fetchStories.pending('req'));
    expect(state.status).toBe('loading');
    state = loaded(state);
    expect(state.status).toBe('succeeded');
    expect(state.groupedStories.map((g) => g.user._id)).toEqual(['ann', 'bob']);
    expect(state.stories.map((s) => s._id)).toEqual(['a1', 'a2', 'b1']);
  });

  it('a failed fetch shows the server message or "Failed to fetch stories"; a canceled duplicate changes nothing', () => {
    const loading = reducer(initialStoriesState(), fetchStories.pending('req'));
    const failed = reducer(
      loading,
      fetchStories.rejected(null, 'req', undefined, { error: 'Failed to fetch stories', message: 'Failed to fetch stories' }),
    );
    expect(failed).toMatchObject({ status: 'failed', error: 'Failed to fetch stories' });
    const canceled = reducer(loading, fetchStories.rejected(null, 'req', undefined, { error: 'canceled', message: 'x' }));
    expect(canceled).toEqual(loading);
  });

  it('viewing marks the story viewed, and a later refetch that says viewed:false keeps it viewed', async () => {
    vi.spyOn(storiesApi, 'view').mockResolvedValue({ success: true, viewed: true });
    const store = makeStore(loaded(initialStoriesState()));
    await store.dispatch(viewStory('b1'));
    expect(store.getState().stories.groupedStories[1]).toMatchObject({ hasUnviewed: false, stories: [{ _id: 'b1', viewed: true }] });
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.viewedStories)!)).toEqual(['b1']);

    const refetched = loaded(store.getState().stories);
    expect(refetched.stories.find((s) => s._id === 'b1')?.viewed).toBe(true);
    expect(refetched.groupedStories.find((g) => g.user._id === 'bob')?.hasUnviewed).toBe(false);
  });

  it('viewed ids kept in the browser survive a reload of the app', () => {
    localStorage.setItem(STORAGE_KEYS.viewedStories, JSON.stringify(['a1']));
    const fresh = reducer(undefined, { type: 'init' });
    expect(fresh.viewedIds).toEqual(['a1']);
    expect(loaded(fresh).groupedStories[0].stories.map((s) => s.viewed)).toEqual([true, false]);
  });

  it('a failed view rolls the story back to unviewed; an already viewed story sends nothing', async () => {
    const view = vi.spyOn(storiesApi, 'view').mockRejectedValue(new Error('offline'));
    const store = makeStore(loaded(initialStoriesState()));
    const result = await store.dispatch(viewStory('b1'));
    expect(result.payload).toMatchObject({ message: 'Failed to view story' });
    expect(store.getState().stories.groupedStories[1].hasUnviewed).toBe(true);
    expect(store.getState().stories.viewedIds).toEqual([]);

    view.mockResolvedValue({ success: true, viewed: true });
    await store.dispatch(viewStory('b1'));
    await store.dispatch(viewStory('b1'));
    expect(view).toHaveBeenCalledTimes(2);
  });

  it('opening a person starts at their first unviewed story; moving past the last person closes the viewer', () => {
    const store = makeStore(loaded(initialStoriesState(['a1'])));
    store.dispatch(openGroup('ann'));
    expect(store.getState().stories).toMatchObject({ activeStoryId: 'a2', activeGroupId: 'ann' });
    store.dispatch(showNextStory());
    expect(store.getState().stories).toMatchObject({ activeStoryId: 'b1', activeGroupId: 'bob' });
    store.dispatch(showNextStory());
    expect(store.getState().stories).toMatchObject({ activeStoryId: null, activeGroupId: null });
  });

  it('deleting removes the story from both lists, drops the empty group and clears the active story', () => {
    let state = reducer(loaded(initialStoriesState()), openGroup('bob'));
    expect(state.activeStoryId).toBe('b1');
    state = reducer(state, deleteStory.fulfilled('b1', 'req', 'b1'));
    expect(state.groupedStories.map((g) => g.user._id)).toEqual(['ann']);
    expect(state.stories.map((s) => s._id)).toEqual(['a1', 'a2']);
    expect(state).toMatchObject({ activeStoryId: null, activeGroupId: null });
  });

  it('deleting another story leaves the active one on screen', () => {
    let state = reducer(loaded(initialStoriesState()), openGroup('bob'));
    state = reducer(state, deleteStory.fulfilled('a1', 'req', 'a1'));
    expect(state.groupedStories[0].stories.map((s) => s._id)).toEqual(['a2']);
    expect(state.activeStoryId).toBe('b1');
  });

  it('deleting the story on screen moves the viewer to the next story first', async () => {
    vi.spyOn(storiesApi, 'remove').mockResolvedValue(undefined);
    const store = makeStore(reducer(loaded(initialStoriesState()), openGroup('ann')));
    await store.dispatch(deleteStory('a1'));
    expect(store.getState().stories).toMatchObject({ activeStoryId: 'a2', activeGroupId: 'ann' });
  });

  it('a failed delete keeps the story and reports "Failed to delete story"', async () => {
    vi.spyOn(storiesApi, 'remove').mockRejectedValue(new Error('offline'));
    const store = makeStore(loaded(initialStoriesState()));
    const result = await store.dispatch(deleteStory('a1'));
    expect(result.payload).toMatchObject({ message: 'Failed to delete story' });
    expect(store.getState().stories.stories).toHaveLength(3);
  });

  it('creating a story puts it in the caller’s own group, which comes first (created if missing)', () => {
    let state = loaded(initialStoriesState());
    const first = story('m1', me, { viewed: true });
    state = reducer(state, createStory.fulfilled(first, 'req', { media: new File([], 'x.png'), caption: '' }));
    expect(state.groupedStories.map((g) => g.user._id)).toEqual(['me', 'ann', 'bob']);
    expect(state.stories[0]._id).toBe('m1');

    const second = story('m2', me, { viewed: true });
    state = reducer(state, createStory.fulfilled(second, 'req', { media: new File([], 'y.png'), caption: '' }));
    expect(state.groupedStories).toHaveLength(3);
    expect(state.groupedStories[0].stories.map((s) => s._id)).toEqual(['m1', 'm2']);
    expect(state.groupedStories[0].hasUnviewed).toBe(false);
  });

  it('a refetch that no longer has the story on screen closes the viewer', () => {
    let state = reducer(loaded(initialStoriesState()), openGroup('bob'));
    state = loaded(state, [group(ann, [story('a1', ann)])]);
    expect(state.activeStoryId).toBeNull();
    expect(reducer(state, closeViewer()).activeGroupId).toBeNull();
  });
});

import { STORAGE_KEYS, type StoryGroup } from '@plaza/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeStore, type AppStore } from '../../app/store';
import { resetAuth } from '../auth';
import { storiesApi } from './api';
import { answerEvery, type StubRequest } from '../../test/stub-server';
import { group, person, story, storiesBody } from './test-stories';
import {
  deleteStory,
  openGroup,
  selectActiveGroup,
  selectActiveStory,
  selectStoryGroups,
  showNextStory,
  watchStory,
} from './viewer-actions';
import { storyOpened } from './viewerSlice';

const me = person('me', 'Me Myself');
const ann = person('ann', 'Ann Lee');
const bob = person('bob', 'Bob Ray');
const defaultGroups = () => [group(ann, [story('a1', ann), story('a2', ann)]), group(bob, [story('b1', bob)])];

type Handler = (request: StubRequest) => { status: number; data?: unknown } | undefined;

/** A store whose stories came from a server holding `groups`; `extra` answers anything else. */
async function loaded(groups: StoryGroup[] = defaultGroups(), extra: Handler = () => undefined) {
  let current = groups;
  const requests = answerEvery((r) => {
    if (r.url === '/users/u/stories/all') return { status: 200, data: storiesBody(current) };
    return extra(r) ?? { status: 404, data: { success: false } };
  });
  const store = makeStore();
  await store.dispatch(storiesApi.endpoints.stories.initiate());
  const refetch = async (next: StoryGroup[]) => {
    current = next;
    await store.dispatch(storiesApi.endpoints.stories.initiate(undefined, { forceRefetch: true }));
  };
  return { store, requests, refetch };
}

const idsOf = (store: AppStore) => selectStoryGroups(store.getState()).map((g) => [g.user._id, g.stories.map((s) => s._id)]);
const activeOf = (store: AppStore) => [
  selectActiveStory(store.getState())?._id ?? null,
  selectActiveGroup(store.getState())?.user._id ?? null,
];
const viewedOf = (store: AppStore, storyId: string) =>
  selectStoryGroups(store.getState())
    .flatMap((g) => g.stories)
    .find((s) => s._id === storyId)?.viewed;
const groupViewed = (store: AppStore, userId: string) =>
  !selectStoryGroups(store.getState()).find((g) => g.user._id === userId)?.hasUnviewed;

beforeEach(() => localStorage.clear());

describe('stories', () => {
  it('loads every person’s stories in play order', async () => {
    const { store } = await loaded();
    expect(idsOf(store)).toEqual([
      ['ann', ['a1', 'a2']],
      ['bob', ['b1']],
    ]);
  });

  it('a failed load gives the server’s message, or "Failed to fetch stories"', async () => {
    answerEvery(() => ({ status: 500, data: {} }));
    const store = makeStore();
    const result = await store.dispatch(storiesApi.endpoints.stories.initiate());
    expect(result.error).toMatchObject({ message: 'Failed to fetch stories' });
  });

  it('viewing marks the story and its group viewed, and a later refetch that says viewed:false keeps it viewed', async () => {
    const { store, requests, refetch } = await loaded(undefined, ({ url }) =>
      url.endsWith('/view') ? { status: 200, data: { success: true, viewed: true } } : undefined,
    );
    expect(groupViewed(store, 'bob')).toBe(false);
    expect(await store.dispatch(watchStory('b1'))).toBeNull();
    expect(requests.at(-1)).toMatchObject({ method: 'POST', url: '/users/u/stories/s/b1/view' });
    expect(viewedOf(store, 'b1')).toBe(true);
    expect(groupViewed(store, 'bob')).toBe(true);
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.viewedStories) ?? '[]')).toEqual(['b1']);

    await refetch(defaultGroups());
    expect(viewedOf(store, 'b1')).toBe(true);
    expect(groupViewed(store, 'bob')).toBe(true);
  });

  it('stories watched in this browser stay watched after a reload of the app', async () => {
    localStorage.setItem(STORAGE_KEYS.viewedStories, JSON.stringify(['a1']));
    const { store } = await loaded();
    expect(viewedOf(store, 'a1')).toBe(true);
    expect(viewedOf(store, 'a2')).toBe(false);
  });

  it('a failed view rolls the story back to unviewed; a story already viewed sends nothing', async () => {
    let up = false;
    const { store, requests } = await loaded(undefined, ({ url }) =>
      url.endsWith('/view') ? (up ? { status: 200, data: { success: true, viewed: true } } : { status: 500, data: {} }) : undefined,
    );
    expect(await store.dispatch(watchStory('b1'))).toMatchObject({ message: 'Failed to view story' });
    expect(groupViewed(store, 'bob')).toBe(false);
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.viewedStories) ?? '[]')).toEqual([]);

    up = true;
    await store.dispatch(watchStory('b1'));
    await store.dispatch(watchStory('b1'));
    expect(requests.filter((r) => r.url.endsWith('/view'))).toHaveLength(2);
  });

  it('opening a person starts at their first unviewed story; moving past the last person closes the viewer', async () => {
    localStorage.setItem(STORAGE_KEYS.viewedStories, JSON.stringify(['a1']));
    const { store } = await loaded();
    store.dispatch(openGroup('ann'));
    expect(activeOf(store)).toEqual(['a2', 'ann']);
    store.dispatch(showNextStory());
    expect(activeOf(store)).toEqual(['b1', 'bob']);
    store.dispatch(showNextStory());
    expect(activeOf(store)).toEqual([null, null]);
  });

  const deletable: Handler = ({ method }) => (method === 'DELETE' ? { status: 200, data: { success: true } } : undefined);

  it('deleting the last story on screen removes it, drops the empty group and closes the viewer', async () => {
    const { store } = await loaded(undefined, deletable);
    store.dispatch(openGroup('bob'));
    expect(await store.dispatch(deleteStory('b1'))).toBeNull();
    expect(idsOf(store)).toEqual([['ann', ['a1', 'a2']]]);
    expect(activeOf(store)).toEqual([null, null]);
  });

  it('deleting another story leaves the one on screen', async () => {
    const { store } = await loaded(undefined, deletable);
    store.dispatch(openGroup('bob'));
    await store.dispatch(deleteStory('a1'));
    expect(idsOf(store)).toEqual([
      ['ann', ['a2']],
      ['bob', ['b1']],
    ]);
    expect(activeOf(store)).toEqual(['b1', 'bob']);
  });

  it('deleting the story on screen moves the viewer to the next story', async () => {
    const { store } = await loaded(undefined, deletable);
    store.dispatch(openGroup('ann'));
    await store.dispatch(deleteStory('a1'));
    expect(activeOf(store)).toEqual(['a2', 'ann']);
  });

  it('a failed delete keeps the story and reports "Failed to delete story"', async () => {
    const { store } = await loaded(undefined, ({ method }) => (method === 'DELETE' ? { status: 0 } : undefined));
    expect(await store.dispatch(deleteStory('a1'))).toMatchObject({ message: 'Unable to connect to the server' });
    const refused = await loaded(undefined, ({ method }) => (method === 'DELETE' ? { status: 500, data: {} } : undefined));
    expect(await refused.store.dispatch(deleteStory('a1'))).toMatchObject({ message: 'Failed to delete story' });
    expect(idsOf(refused.store)[0]).toEqual(['ann', ['a1', 'a2']]);
  });

  it('a new story goes last in the caller’s own group, which comes first (created if missing)', async () => {
    let next = story('m1', me, { viewed: true });
    const { store } = await loaded(undefined, ({ url }) =>
      url === '/users/u/stories/create' ? { status: 201, data: { success: true, story: next } } : undefined,
    );
    await store.dispatch(
      storiesApi.endpoints.createStory.initiate({ media: new File(['x'], 'x.png', { type: 'image/png' }), caption: '' }),
    );
    expect(idsOf(store)[0]).toEqual(['me', ['m1']]);
    next = story('m2', me, { viewed: true });
    await store.dispatch(
      storiesApi.endpoints.createStory.initiate({ media: new File(['y'], 'y.png', { type: 'image/png' }), caption: 'Hi' }),
    );
    expect(idsOf(store)).toEqual([
      ['me', ['m1', 'm2']],
      ['ann', ['a1', 'a2']],
      ['bob', ['b1']],
    ]);
    expect(groupViewed(store, 'me')).toBe(true);
  });

  it('a refetch that no longer has the story on screen closes the viewer', async () => {
    const { store, refetch } = await loaded();
    store.dispatch(openGroup('bob'));
    await refetch([group(ann, [story('a1', ann)])]);
    expect(activeOf(store)).toEqual([null, null]);
  });

  it('the viewers’ answer updates the story’s view count', async () => {
    const mine = story('m1', me, { viewed: true, viewCount: 0 });
    const { store } = await loaded([group(me, [mine])], ({ url }) =>
      url.endsWith('/viewers')
        ? { status: 200, data: { success: true, viewers: [{ user: ann, viewedAt: mine.createdAt }], viewCount: 1 } }
        : undefined,
    );
    await store.dispatch(storiesApi.endpoints.storyViewers.initiate('m1'));
    expect(selectStoryGroups(store.getState())[0].stories[0].viewCount).toBe(1);
  });

  it('signing out closes the viewer and forgets the stories', async () => {
    const { store } = await loaded();
    store.dispatch(storyOpened('a1'));
    store.dispatch(resetAuth());
    expect(store.getState().storyViewer.activeStoryId).toBeNull();
    expect(selectStoryGroups(store.getState())).toEqual([]);
  });
});

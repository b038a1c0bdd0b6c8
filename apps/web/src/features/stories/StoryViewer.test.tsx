import { act, fireEvent, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeStore, type AppStore } from '../../app/store';
import { unauthenticatedState } from '../auth';
import { storiesApi } from './api';
import { IMAGE_DURATION_MS, StoryViewer } from './StoryViewer';
import { answerEvery, type StubRequest } from '../../test/stub-server';
import { group, person, story, storiesBody } from './test-stories';
import { openGroup, selectActiveGroup, selectStoryGroups } from './viewer-actions';

// jsdom has no PointerEvent; without one, fired pointer events lose their coordinates.
if (typeof window.PointerEvent === 'undefined') {
  class TestPointerEvent extends MouseEvent {
    readonly pointerId: number;
    readonly pointerType: string;
    constructor(type: string, init: PointerEventInit = {}) {
      super(type, init);
      this.pointerId = init.pointerId ?? 1;
      this.pointerType = init.pointerType ?? 'touch';
    }
  }
  window.PointerEvent = TestPointerEvent as unknown as typeof PointerEvent;
}

const ann = person('ann', 'Ann Lee');
const bob = person('bob', 'Bob Ray');

let requests: StubRequest[] = [];

async function setup() {
  const groups = [
    group(ann, [story('a1', ann, { caption: 'First of Ann' }), story('a2', ann, { caption: 'Second of Ann' })]),
    group(bob, [story('b1', bob, { caption: 'Bob here' })]),
  ];
  requests = answerEvery(({ url }) =>
    url.endsWith('/view') ? { status: 200, data: { success: true, viewed: true } } : { status: 200, data: storiesBody(groups) },
  );
  const store = makeStore({
    auth: {
      ...unauthenticatedState,
      userDetails: { ...person('me'), email: 'me@example.test', role: 'member', emailVerified: true, language: 'en' },
    },
  });
  await store.dispatch(storiesApi.endpoints.stories.initiate());
  render(
    <Provider store={store}>
      <StoryViewer />
    </Provider>,
  );
  act(() => {
    store.dispatch(openGroup('ann'));
  });
  return store;
}

const imageOf = (caption: string) => screen.getByRole('img', { name: caption });
const activeId = (store: AppStore) => store.getState().storyViewer.activeStoryId;

/** A tap at `clientX` on the viewer's tap area, laid out 300 px wide. */
function tapAt(clientX: number) {
  const tapArea = screen.getByTestId('story-tap-area');
  vi.spyOn(tapArea, 'getBoundingClientRect').mockReturnValue({
    left: 0,
    top: 0,
    width: 300,
    height: 600,
    right: 300,
    bottom: 600,
    x: 0,
    y: 0,
    toJSON: () => ({}),
  });
  fireEvent.pointerDown(tapArea, { clientX, clientY: 300 });
  fireEvent.pointerUp(tapArea, { clientX, clientY: 300 });
}

beforeEach(() => {
  localStorage.clear();
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('StoryViewer', () => {
  it('shows the author, the caption and one progress bar per story, and marks the story viewed', async () => {
    const store = await setup();
    expect(await screen.findByText('First of Ann', { selector: 'p' })).toBeInTheDocument();
    expect(screen.getByText('Ann Lee')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Story 1 of 2' })).toBeInTheDocument();
    await vi.waitFor(() => expect(requests).toContainEqual(expect.objectContaining({ method: 'POST', url: '/users/u/stories/s/a1/view' })));
    expect(selectStoryGroups(store.getState())[0].stories[0].viewed).toBe(true);
  });

  it('the → key moves to the next story and ← back', async () => {
    const store = await setup();
    await screen.findByText('First of Ann', { selector: 'p' });
    fireEvent.keyDown(document.body, { key: 'ArrowRight' });
    expect(activeId(store)).toBe('a2');
    expect(await screen.findByText('Second of Ann', { selector: 'p' })).toBeInTheDocument();
    fireEvent.keyDown(document.body, { key: 'ArrowLeft' });
    expect(activeId(store)).toBe('a1');
  });

  it('right to left (Arabic), ← moves to the next story and → back', async () => {
    document.documentElement.dir = 'rtl';
    try {
      const store = await setup();
      await screen.findByText('First of Ann', { selector: 'p' });
      fireEvent.keyDown(document.body, { key: 'ArrowLeft' });
      expect(activeId(store)).toBe('a2');
      fireEvent.keyDown(document.body, { key: 'ArrowRight' });
      expect(activeId(store)).toBe('a1');
    } finally {
      document.documentElement.dir = 'ltr';
    }
  });

  it('moving past a person’s last story goes to the next person', async () => {
    const store = await setup();
    await screen.findByText('First of Ann', { selector: 'p' });
    fireEvent.keyDown(document.body, { key: 'ArrowRight' });
    fireEvent.keyDown(document.body, { key: 'ArrowRight' });
    expect(activeId(store)).toBe('b1');
    expect(selectActiveGroup(store.getState())?.user._id).toBe('bob');
    expect(await screen.findByText('Bob Ray')).toBeInTheDocument();
  });

  it('Esc closes the viewer', async () => {
    const store = await setup();
    await screen.findByText('First of Ann', { selector: 'p' });
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    expect(activeId(store)).toBeNull();
    expect(screen.queryByText('First of Ann')).not.toBeInTheDocument();
  });

  it('a photo advances after 5 s once it has loaded, and holding the pointer down pauses it', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout', 'Date'] });
    const store = await setup();
    fireEvent.load(imageOf('First of Ann'));

    await act(() => vi.advanceTimersByTime(IMAGE_DURATION_MS - 500));
    expect(activeId(store)).toBe('a1');
    await act(() => vi.advanceTimersByTime(600));
    expect(activeId(store)).toBe('a2');

    fireEvent.load(imageOf('Second of Ann'));
    const tapArea = screen.getByTestId('story-tap-area');
    fireEvent.pointerDown(tapArea, { clientX: 200, clientY: 300 });
    await act(() => vi.advanceTimersByTime(IMAGE_DURATION_MS * 2));
    expect(activeId(store)).toBe('a2');
    fireEvent.pointerUp(tapArea, { clientX: 200, clientY: 300 });
    await act(() => vi.advanceTimersByTime(IMAGE_DURATION_MS + 100));
    expect(activeId(store)).toBe('b1');
  });

  it('a tap on the left third goes back, on the right two-thirds forward', async () => {
    const store = await setup();
    await screen.findByText('First of Ann', { selector: 'p' });
    tapAt(200);
    expect(activeId(store)).toBe('a2');
    tapAt(50);
    expect(activeId(store)).toBe('a1');
  });

  it('right to left, a tap on the right third goes back and on the left forward', async () => {
    document.documentElement.dir = 'rtl';
    try {
      const store = await setup();
      await screen.findByText('First of Ann', { selector: 'p' });
      tapAt(50);
      expect(activeId(store)).toBe('a2');
      tapAt(250);
      expect(activeId(store)).toBe('a1');
    } finally {
      document.documentElement.dir = 'ltr';
    }
  });
});

/**
 * An author's story video still processing on the server: the viewer shows a placeholder and fetches
 * nothing, then the player once socket `storyMedia` says it is ready, without closing or reloading;
 * a video that failed says so.
 */
import type { Story } from '@plaza/contract';
import { act, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../app/store';
import { fakeLiveSocket } from '../../test/fake-socket';
import { live } from '../../test/live-socket';
import { answerEvery, type StubRequest } from '../../test/stub-server';
import { unauthenticatedState } from '../auth';
import { StoriesBar } from './StoriesBar';
import { group, person, story, storiesBody } from './test-stories';
import { openGroup, selectStoryGroups } from './viewer-actions';

vi.mock('../../lib/socket', () => import('../../test/live-socket'));

const me = person('me', 'Me Myself');
const clip = (overrides: Partial<Story>) =>
  story('v1', me, {
    mediaType: 'video',
    mediaUrl: '/media/stories/v1.mp4?sig=me',
    posterUrl: '/media/stories/v1.webp?sig=me',
    caption: 'My clip',
    viewed: true,
    viewCount: 0,
    ...overrides,
  });

/** Opens the author's own story; the tray is read from `tray()` at each request. */
async function openOwnStory(tray: () => Story[]) {
  const socket = fakeLiveSocket();
  const lists: StubRequest[] = [];
  answerEvery((req) => {
    if (req.url.endsWith('/view')) return { status: 200, data: { success: true, viewed: true } };
    lists.push(req);
    return { status: 200, data: storiesBody([group(me, tray())]) };
  });
  const store = makeStore({
    auth: {
      ...unauthenticatedState,
      userDetails: { ...me, email: 'me@example.test', role: 'member', emailVerified: true, language: 'en' },
    },
  });
  render(
    <Provider store={store}>
      <StoriesBar />
    </Provider>,
  );
  await vi.waitFor(() => expect(selectStoryGroups(store.getState())).toHaveLength(1));
  act(() => {
    store.dispatch(openGroup('me'));
  });
  return { socket, lists };
}

afterEach(() => {
  live.socket = null;
  vi.restoreAllMocks();
});

describe('a story video still processing', () => {
  it('shows "Processing video…" in the viewer and fetches nothing, then the player once the server says it is ready', async () => {
    const { status: _processing, ...ready } = clip({ status: 'processing' });
    let done = false;
    const { socket, lists } = await openOwnStory(() => [done ? ready : clip({ status: 'processing' })]);
    expect(await screen.findByText('Processing video…')).toBeInTheDocument();
    expect(document.querySelector('video')).toBeNull();
    const readBefore = lists.length;

    done = true;
    act(() => socket.serverSends('storyMedia', { storyId: 'v1', authorId: 'me' }));
    const player = await screen.findByLabelText('My clip', { selector: 'video' });
    expect(player).toHaveAttribute('src', ready.mediaUrl);
    expect(player).toHaveAttribute('poster', ready.posterUrl);
    expect(screen.queryByText('Processing video…')).toBeNull();
    // Read again once, the viewer still open on the same story.
    expect(lists).toHaveLength(readBefore + 1);
  });

  it('says "This video could not be processed." when it failed', async () => {
    await openOwnStory(() => [clip({ status: 'failed' })]);
    expect(await screen.findByText('This video could not be processed.')).toBeInTheDocument();
    expect(document.querySelector('video')).toBeNull();
  });
});

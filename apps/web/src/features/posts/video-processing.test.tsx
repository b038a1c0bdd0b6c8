/** A post's video processing on the server: the feed shows a placeholder, swapped for the player when socket `postMedia` says it is ready. */
import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { fakeLiveSocket } from '../../test/fake-socket';
import { buildPost, buildUser, feedPage } from '../../test/post-factories';
import { FeedList } from '../../test/post-lists';
import { ME, renderSignedIn } from '../../test/render-signed-in';
import { stubServer, type StubServer } from '../../test/stub-server';
import { usePostsLive } from './live';
import { RECHECK_AFTER_MS } from './video-recheck';

vi.mock('../../lib/socket', () => import('../../test/live-socket'));

/** A five-second video the server is still encoding, as a post's media holds it. */
const processingVideo = (name: string) => ({
  type: 'video' as const,
  status: 'processing' as const,
  url: `/media/posts/${name}.mp4`,
  thumbUrl: `/media/posts/${name}.webp`,
  width: 640,
  height: 360,
  durationSeconds: 5,
});

function LiveFeed() {
  usePostsLive();
  return <FeedList />;
}

let server: StubServer;
beforeEach(() => {
  server = stubServer();
});
afterEach(() => server.restore());

describe('a video still processing', () => {
  it('shows "Processing video…" in the feed, then the player once the server says it is ready, without a reload', async () => {
    const socket = fakeLiveSocket();
    const processing = processingVideo('clip');
    const post = buildPost({ author: buildUser({ fullName: 'Ada Video' }), media: [processing] });
    server.on('GET', `/posts/${ME.userName}/feeds`, () => ({ status: 200, data: feedPage([post]) }));
    renderSignedIn(<LiveFeed />);
    const card = await screen.findByRole('article', { name: 'Ada Video' });
    expect(within(card).getByRole('status')).toHaveTextContent('Processing video…');

    const { status: _processing, ...ready } = processing;
    act(() => socket.serverSends('postMedia', { postId: post._id, media: [ready] }));
    const player = await within(card).findByLabelText('Video by Ada Video, 0:05');
    expect(player).toHaveAttribute('src', ready.url);
    expect(player).toHaveAttribute('poster', ready.thumbUrl);
    expect(within(card).queryByRole('status')).toBeNull();
    expect(server.callsTo('GET', `/posts/${ME.userName}/feeds`)).toHaveLength(1);
  });

  it('is read again for a reader who is not told live (not a friend), until it plays; nothing more after that', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    fakeLiveSocket();
    const processing = processingVideo('far');
    const { status: _processing, ...ready } = processing;
    const post = buildPost({ author: buildUser({ fullName: 'Far Author' }), media: [processing] });
    let encoded = false;
    server.on('GET', `/posts/${ME.userName}/feeds`, () => ({ status: 200, data: feedPage([post]) }));
    server.on('GET', `/posts/${post._id}`, () => ({
      status: 200,
      data: { success: true, post: { ...post, media: [encoded ? ready : processing] } },
    }));
    renderSignedIn(<LiveFeed />);
    const card = await screen.findByRole('article', { name: 'Far Author' });
    expect(within(card).getByRole('status')).toHaveTextContent('Processing video…');

    // First look: still processing.
    await act(async () => {
      await vi.advanceTimersByTimeAsync(RECHECK_AFTER_MS[0]);
    });
    expect(server.callsTo('GET', `/posts/${post._id}`)).toHaveLength(1);
    expect(within(card).getByRole('status')).toHaveTextContent('Processing video…');

    encoded = true;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(RECHECK_AFTER_MS[1] - RECHECK_AFTER_MS[0]);
    });
    const player = await within(card).findByLabelText('Video by Far Author, 0:05');
    expect(player).toHaveAttribute('src', ready.url);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(RECHECK_AFTER_MS[2]);
    });
    expect(server.callsTo('GET', `/posts/${post._id}`)).toHaveLength(2);
    expect(server.callsTo('GET', `/posts/${ME.userName}/feeds`)).toHaveLength(1);
  });
});

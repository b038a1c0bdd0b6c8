/** The moderation card of a reported post: a video the server still makes playable (or could not) says so, as the feed does. */
import type { AdminReport, ReportTarget } from '@plaza/contract';
import { render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { describe, expect, it } from 'vitest';
import { makeStore } from '../../app/store';
import { ReportCard } from './ReportCard';

const author = {
  _id: 'ada',
  userName: 'ada',
  fullName: 'Ada Video',
  userImage: null,
  userBio: null,
  createdAt: '2025-01-01T00:00:00.000Z',
};

function reportOf(media: ReportTarget['media']): AdminReport {
  return {
    _id: 'r1',
    targetType: 'post',
    targetId: 'p1',
    reason: 'spam',
    text: null,
    reporter: null,
    target: { author, text: 'a clip', media, createdAt: '2025-01-02T00:00:00.000Z', context: [], authorSuspendedUntil: null },
    status: 'open',
    createdAt: '2025-01-03T00:00:00.000Z',
    resolution: null,
  };
}

const renderCard = (media: ReportTarget['media']) =>
  render(
    <Provider store={makeStore()}>
      <ReportCard report={reportOf(media)} />
    </Provider>,
  );

describe('ReportCard', () => {
  it('shows "Processing video…" in place of a video still processing, fetching nothing', () => {
    renderCard([{ url: '/media/posts/clip.mp4', type: 'video', status: 'processing' }]);
    expect(screen.getByRole('status')).toHaveTextContent('Processing video…');
    expect(document.querySelector('video')).toBeNull();
  });

  it('says a failed video could not be processed, and plays a ready one', () => {
    const { unmount } = renderCard([{ url: '/media/posts/bad.mp4', type: 'video', status: 'failed' }]);
    expect(screen.getByRole('status')).toHaveTextContent('This video could not be processed.');
    unmount();
    renderCard([{ url: '/media/posts/clip.mp4', type: 'video' }]);
    expect(screen.queryByRole('status')).toBeNull();
    expect(document.querySelector('video')).toHaveAttribute('src', '/media/posts/clip.mp4');
  });
});

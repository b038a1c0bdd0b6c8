import type { PostMedia } from '@plaza/contract';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PostMediaView } from './PostMediaView';

const video: PostMedia = {
  type: 'video',
  url: '/media/posts/clip.mp4',
  thumbUrl: '/media/posts/clip.webp',
  width: 640,
  height: 360,
  durationSeconds: 75,
};

describe("a post's media", () => {
  it('shows a video with its poster and controls, loading nothing before play', () => {
    render(<PostMediaView media={[video]} authorName="Ada" />);
    const player = screen.getByLabelText('Video by Ada, 1:15');
    expect(player.tagName).toBe('VIDEO');
    expect(player).toHaveAttribute('poster', video.thumbUrl);
    expect(player).toHaveAttribute('src', video.url);
    expect(player).toHaveAttribute('controls');
    expect(player).toHaveAttribute('preload', 'none');
    expect(screen.queryByRole('button', { name: /Open image/ })).not.toBeInTheDocument();
  });

  it('shows images in the grid', () => {
    render(
      <PostMediaView media={[{ ...video, type: 'image', url: '/media/posts/a.webp', durationSeconds: undefined }]} authorName="Ada" />,
    );
    expect(screen.getByRole('button', { name: 'Open image 1 of 1' })).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Video by/)).not.toBeInTheDocument();
  });

  it('shows "Processing video…" in the video\'s shape, fetching nothing, until the video plays', () => {
    render(<PostMediaView media={[{ ...video, status: 'processing' }]} authorName="Ada" />);
    const placeholder = screen.getByRole('status');
    expect(placeholder).toHaveTextContent('Processing video…');
    expect(placeholder).toHaveStyle({ aspectRatio: String(640 / 360) });
    expect(screen.queryByLabelText(/^Video by/)).not.toBeInTheDocument();
    expect(document.querySelector(`[src="${video.url}"], [poster="${video.thumbUrl}"]`)).toBeNull();
  });

  it('says plainly when the video could not be processed', () => {
    render(<PostMediaView media={[{ ...video, status: 'failed' }]} authorName="Ada" />);
    expect(screen.getByRole('status')).toHaveTextContent('This video could not be processed.');
    expect(screen.queryByLabelText(/^Video by/)).not.toBeInTheDocument();
  });
});

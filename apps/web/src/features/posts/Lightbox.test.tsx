import type { PostMedia } from '@plaza/contract';
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Lightbox } from './Lightbox';

const image = (n: number): PostMedia => ({ type: 'image', url: `/media/${n}.webp`, width: 800, height: 600 }) as PostMedia;
const media = [image(1), image(2), image(3)];

function open(index: number) {
  const onIndexChange = vi.fn();
  render(<Lightbox media={media} index={index} authorName="Ana" onIndexChange={onIndexChange} onClose={() => {}} />);
  return onIndexChange;
}

afterEach(() => {
  document.documentElement.dir = '';
});

describe('the lightbox', () => {
  it('steps with ArrowRight to the next image and ArrowLeft to the previous one', () => {
    const onIndexChange = open(1);
    fireEvent.keyDown(screen.getByRole('img'), { key: 'ArrowRight' });
    expect(onIndexChange).toHaveBeenLastCalledWith(2);
    fireEvent.keyDown(screen.getByRole('img'), { key: 'ArrowLeft' });
    expect(onIndexChange).toHaveBeenLastCalledWith(0);
  });

  it('in a right-to-left page, ArrowLeft is the next image', () => {
    document.documentElement.dir = 'rtl';
    const onIndexChange = open(1);
    fireEvent.keyDown(screen.getByRole('img'), { key: 'ArrowLeft' });
    expect(onIndexChange).toHaveBeenLastCalledWith(2);
    fireEvent.keyDown(screen.getByRole('img'), { key: 'ArrowRight' });
    expect(onIndexChange).toHaveBeenLastCalledWith(0);
  });
});

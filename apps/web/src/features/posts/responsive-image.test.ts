import type { PostMedia } from '@plaza/contract';
import { describe, expect, it } from 'vitest';
import { averageColorOf, decodedPlaceholderOf, placeholderOf, srcSetOf } from './responsive-image';

const base: PostMedia = { url: '/media/posts/big.webp', thumbUrl: '/media/posts/t.webp', width: 2048, height: 1024, type: 'image' };

describe('responsive post images', () => {
  it('lists every stored width, the image itself last', () => {
    const m = { ...base, variants: [320, 640, 1080].map((width) => ({ url: `/media/posts/${width}.webp`, width })) };
    expect(srcSetOf(m)).toBe(
      '/media/posts/320.webp 320w, /media/posts/640.webp 640w, /media/posts/1080.webp 1080w, /media/posts/big.webp 2048w',
    );
  });

  it('offers no srcset for images stored before sizes existed', () => {
    expect(srcSetOf(base)).toBeUndefined();
  });

  it('decodes the thumbhash into a PNG data URL; a broken one gives none', () => {
    expect(placeholderOf({ ...base, placeholder: 'HBkSHYSIeHiPiHh8eJd4eTN0EEQG' })).toMatch(/^data:image\/png;base64,/);
    expect(placeholderOf({ ...base, placeholder: '!!' })).toBeUndefined();
    expect(placeholderOf(base)).toBeUndefined();
  });

  it('paints the average colour until the placeholder is decoded, which is then kept', () => {
    const m = { ...base, placeholder: 'IBkSHYSIeHiPiHh8eJd4eTN0EEQG' };
    expect(averageColorOf(m)).toMatch(/^rgb\(\d+ \d+ \d+\)$/);
    expect(decodedPlaceholderOf(m)).toBeUndefined();
    const url = placeholderOf(m);
    expect(decodedPlaceholderOf(m)).toBe(url);
    expect(averageColorOf(base)).toBeUndefined();
  });
});

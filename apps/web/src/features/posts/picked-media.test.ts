import { describe, expect, it } from 'vitest';
import { checkImages, checkVideo } from './picked-media';

const file = (name: string, type: string, size = 1000) => {
  const f = new File(['x'], name, { type });
  Object.defineProperty(f, 'size', { value: size });
  return f;
};

describe('composer image checks', () => {
  it('accepts images up to four and explains what it refuses', () => {
    const { accepted, problems } = checkImages(
      [
        file('a.png', 'image/png'),
        file('b.txt', 'text/plain'),
        file('c.jpg', 'image/jpeg', 11 * 1024 * 1024),
        file('d.webp', 'image/webp'),
        file('e.gif', 'image/gif'),
      ],
      2,
    );
    expect(accepted.map((f) => f.name)).toEqual(['a.png', 'd.webp']);
    expect(problems).toEqual([
      'b.txt is not a JPEG, PNG, WebP or GIF image.',
      'c.jpg is larger than 10 MB.',
      'A post can have at most 4 images.',
    ]);
  });
});

describe('composer video check', () => {
  it('takes an MP4 or WebM up to 50 MB and explains what it refuses', () => {
    expect(checkVideo(file('a.mp4', 'video/mp4'))).toBeNull();
    expect(checkVideo(file('b.webm', 'video/webm', 50 * 1024 * 1024))).toBeNull();
    expect(checkVideo(file('c.mov', 'video/quicktime'))).toBe('c.mov is not an MP4 or WebM video.');
    expect(checkVideo(file('d.mp4', 'video/mp4', 51 * 1024 * 1024))).toBe('d.mp4 is larger than 50 MB.');
  });
});

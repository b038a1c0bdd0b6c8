/** What the browser needs to pick a sharp, small enough size of a post image, and what to paint until it arrives. */
import type { PostMedia } from '@plaza/contract';
import { thumbHashToDataURL } from 'thumbhash';

/** Every stored width of the image, for `srcset`; images stored before sizes existed offer only their one file. */
export function srcSetOf(m: PostMedia): string | undefined {
  if (!m.variants?.length) return undefined;
  return [...m.variants.filter((v) => v.width < m.width), { url: m.url, width: m.width }].map((v) => `${v.url} ${v.width}w`).join(', ');
}

/**
 * The displayed width: the feed column is at most 640 CSS px (the whole width on a phone, less the
 * page's padding); a grid cell is half of it.
 */
export const FEED_SIZES = { single: '(min-width: 700px) 640px, 100vw', cell: '(min-width: 700px) 320px, 50vw' } as const;

const placeholders = new Map<string, string>();

/** The thumbhash as a tiny PNG data URL (decoded once per image). */
export function placeholderOf(m: PostMedia): string | undefined {
  if (!m.placeholder) return undefined;
  let url = placeholders.get(m.placeholder);
  if (!url) {
    try {
      url = thumbHashToDataURL(Uint8Array.from(atob(m.placeholder), (c) => c.charCodeAt(0)));
    } catch {
      return undefined;
    }
    placeholders.set(m.placeholder, url);
  }
  return url;
}

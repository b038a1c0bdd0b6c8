/** What the browser needs to pick a sharp, small enough size of a post image, and what to paint until it arrives. */
import type { PostMedia } from '@plaza/contract';
import { thumbHashToAverageRGBA, thumbHashToDataURL } from 'thumbhash';

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

const bytesOf = (placeholder: string) => Uint8Array.from(atob(placeholder), (c) => c.charCodeAt(0));

/** The thumbhash as a tiny PNG data URL (decoded once per image). */
export function placeholderOf(m: PostMedia): string | undefined {
  if (!m.placeholder) return undefined;
  let url = placeholders.get(m.placeholder);
  if (!url) {
    try {
      url = thumbHashToDataURL(bytesOf(m.placeholder));
    } catch {
      return undefined;
    }
    placeholders.set(m.placeholder, url);
  }
  return url;
}

/** The placeholder if it was decoded already; decoding one takes tens of milliseconds on a slow phone. */
export const decodedPlaceholderOf = (m: PostMedia): string | undefined => (m.placeholder ? placeholders.get(m.placeholder) : undefined);

/** The image's average colour, read from the thumbhash's header without decoding it: what shows until the placeholder is ready. */
export function averageColorOf(m: PostMedia): string | undefined {
  if (!m.placeholder) return undefined;
  try {
    const { r, g, b } = thumbHashToAverageRGBA(bytesOf(m.placeholder));
    return `rgb(${Math.round(r * 255)} ${Math.round(g * 255)} ${Math.round(b * 255)})`;
  } catch {
    return undefined;
  }
}

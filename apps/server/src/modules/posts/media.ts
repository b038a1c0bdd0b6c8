/**
 * Post images: re-encoded (EXIF dropped, orientation fixed), stored at the feed's responsive widths
 * beside the image itself (at most 2048 px), a 400 px thumbnail and a thumbhash placeholder.
 */
import { BadRequestError } from '../../lib/errors';
import { processResponsiveImage, storeVariants, type ResponsiveImage } from '../../media/responsive-images';
import type { MediaStorage } from '../../media/storage';
import type { StoredPostImage } from './presenters';

/** Processes every image before anything is stored, so one bad file stores nothing. */
export async function processPostImages(images: readonly Buffer[]): Promise<ResponsiveImage[]> {
  const done: ResponsiveImage[] = [];
  for (const bytes of images) done.push(await processResponsiveImage(bytes));
  return done;
}

export interface StoredImages {
  media: StoredPostImage[];
  keys: string[];
}

/** Stores processed images; on failure removes what it already wrote. */
export async function storePostImages(storage: MediaStorage, images: readonly ResponsiveImage[]): Promise<StoredImages> {
  const stored: StoredImages = { media: [], keys: [] };
  try {
    for (const img of images) {
      const main = await storage.put('posts', 'webp', img.main);
      stored.keys.push(main.key);
      const thumb = await storage.put('posts', 'webp', img.thumb);
      stored.keys.push(thumb.key);
      const sizes = await storeVariants(storage, 'posts', img);
      stored.keys.push(...sizes.keys);
      stored.media.push({
        url: main.url,
        thumb_url: thumb.url,
        width: img.width,
        height: img.height,
        variants: sizes.variants,
        placeholder: img.placeholder,
      });
    }
    return stored;
  } catch (err) {
    await removeKeys(storage, stored.keys);
    throw err;
  }
}

export async function removeKeys(storage: MediaStorage, keys: readonly string[]): Promise<void> {
  await Promise.all(keys.map((k) => storage.remove(k).catch(() => undefined)));
}

/** A post's stored media split into what stays and what the author removes (by URL); an unknown URL is a 400. */
export function splitMedia(mediaJson: string, removeUrls: readonly string[]): { kept: StoredPostImage[]; removed: StoredPostImage[] } {
  const media = JSON.parse(mediaJson) as StoredPostImage[];
  const unknown = removeUrls.filter((url) => !media.some((m) => m.url === url));
  if (unknown.length > 0) {
    throw new BadRequestError('That image is not part of this post.', [{ path: 'removeMedia', message: 'Unknown media URL' }]);
  }
  return { kept: media.filter((m) => !removeUrls.includes(m.url)), removed: media.filter((m) => !!removeUrls.includes(m.url)) };
}

/** The storage keys behind a post's `media` column. */
export function keysOfMedia(storage: MediaStorage, mediaJson: string): string[] {
  const images = JSON.parse(mediaJson) as StoredPostImage[];
  return images
    .flatMap((m) => [m.url, m.thumb_url, ...(m.variants ?? []).map((v) => v.url)].map((url) => storage.keyOf(url)))
    .filter((k): k is string => k !== null);
}

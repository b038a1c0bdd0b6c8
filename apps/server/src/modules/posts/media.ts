/**
 * Post images: re-encoded (EXIF dropped, orientation fixed), stored at the feed's responsive widths
 * beside the image itself (at most 2048 px), a 400 px thumbnail and a thumbhash placeholder. A post's
 * video comes checked and kept as it was uploaded (posts/upload.ts, media/video-originals.ts) and is
 * described here as processing until its `video` job is done (posts/video-processing.ts).
 */
import { BadRequestError, sentence } from '../../lib/errors';
import { processResponsiveImage, storeVariants, type ResponsiveImage } from '../../media/responsive-images';
import type { MediaStorage } from '../../media/storage';
import { expectedSize, type VideoOriginal } from '../../media/video-originals';
import type { StoredVideo } from '../../media/video';
import type { StoredPostMedia } from './presenters';

/** Processes every image before anything is stored, so one bad file stores nothing. */
export async function processPostImages(images: readonly Buffer[]): Promise<ResponsiveImage[]> {
  const done: ResponsiveImage[] = [];
  for (const bytes of images) done.push(await processResponsiveImage(bytes));
  return done;
}

export interface StoredImages {
  media: StoredPostMedia[];
  keys: string[];
}

const tenths = (seconds: number) => Math.round(seconds * 10) / 10;

/** The URL of the MP4 (or, `webp`, the poster) a post's video job stores under `name`. */
export const postVideoUrl = (storage: MediaStorage, name: string, ext: 'mp4' | 'webp') => storage.urlOf(`posts/${name}.${ext}`);

/** A kept upload as the post holds it until its job is done: processing, at the URLs its results will have. */
export function pendingVideoMedia(storage: MediaStorage, { source, facts, name }: VideoOriginal): StoredImages {
  return {
    media: [
      {
        type: 'video',
        status: 'processing',
        url: postVideoUrl(storage, name, 'mp4'),
        thumb_url: postVideoUrl(storage, name, 'webp'),
        ...expectedSize(facts),
        duration_seconds: tenths(facts.durationSeconds),
        source_key: source.key,
      },
    ],
    keys: [source.key],
  };
}

/** A processing video made playable (media/video.ts): the poster is its thumbnail, its size the poster's. */
export function readyVideoMedia({ video, poster, facts, width, height }: StoredVideo): StoredPostMedia {
  return { type: 'video', url: video.url, thumb_url: poster.url, width, height, duration_seconds: tenths(facts.durationSeconds) };
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
export function splitMedia(mediaJson: string, removeUrls: readonly string[]): { kept: StoredPostMedia[]; removed: StoredPostMedia[] } {
  const media = JSON.parse(mediaJson) as StoredPostMedia[];
  const unknown = removeUrls.filter((url) => !media.some((m) => m.url === url));
  if (unknown.length > 0) {
    throw new BadRequestError(sentence('error.post.mediaNotInPost'), [{ path: 'removeMedia', message: 'Unknown media URL' }]);
  }
  return { kept: media.filter((m) => !removeUrls.includes(m.url)), removed: media.filter((m) => !!removeUrls.includes(m.url)) };
}

/** The storage keys behind a post's `media` column. */
export function keysOfMedia(storage: MediaStorage, mediaJson: string): string[] {
  const images = JSON.parse(mediaJson) as StoredPostMedia[];
  return images
    .flatMap((m) => [
      ...[m.url, m.thumb_url, ...(m.variants ?? []).map((v) => v.url)].map((url) => storage.keyOf(url)),
      m.source_key ?? null,
    ])
    .filter((k): k is string => k !== null);
}

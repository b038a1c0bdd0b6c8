/**
 * Post images in the sizes a feed asks for: WebP at 320, 640 and 1080 px wide (only those narrower than
 * the image), the image itself capped at 2048 px, the 400 px square thumbnail, and a thumbhash placeholder
 * (about 25 bytes) that the feed paints in the image's place while it loads. A phone at 2× picks 640 or
 * 1080; a desktop at 2× picks 1080 or the capped original.
 */
import { rgbaToThumbHash } from 'thumbhash';
import { withStillImage } from './images';
import type { MediaStorage } from './storage';

export const RESPONSIVE_WIDTHS = [320, 640, 1080] as const;
export const ORIGINAL_MAX_PX = 2048;
export const THUMB_PX = 400;
/** thumbhash encodes at most 100 × 100 pixels. */
const PLACEHOLDER_PX = 100;

export interface ResponsiveImage {
  /** The image itself, at most 2048 px on its longer side. */
  main: Buffer;
  thumb: Buffer;
  width: number;
  height: number;
  variants: Array<{ width: number; data: Buffer }>;
  /** thumbhash, base64. */
  placeholder: string;
}

export function processResponsiveImage(input: Buffer): Promise<ResponsiveImage> {
  return withStillImage(input, async (base) => {
    const { data: main, info } = await base
      .clone()
      .resize(ORIGINAL_MAX_PX, ORIGINAL_MAX_PX, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    const variants: ResponsiveImage['variants'] = [];
    for (const width of RESPONSIVE_WIDTHS) {
      if (width >= info.width) break;
      variants.push({ width, data: await base.clone().resize({ width }).webp({ quality: 80 }).toBuffer() });
    }
    const thumb = await base.clone().resize(THUMB_PX, THUMB_PX, { fit: 'cover' }).webp({ quality: 75 }).toBuffer();
    const small = await base
      .clone()
      .resize(PLACEHOLDER_PX, PLACEHOLDER_PX, { fit: 'inside' })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const hash = rgbaToThumbHash(small.info.width, small.info.height, small.data);
    return { main, thumb, width: info.width, height: info.height, variants, placeholder: Buffer.from(hash).toString('base64') };
  });
}

export interface StoredVariants {
  variants: Array<{ url: string; width: number }>;
  keys: string[];
}

/** Stores the narrower sizes; on failure removes what it already wrote. */
export async function storeVariants(
  storage: MediaStorage,
  folder: string,
  image: Pick<ResponsiveImage, 'variants'>,
): Promise<StoredVariants> {
  const stored: StoredVariants = { variants: [], keys: [] };
  try {
    for (const v of image.variants) {
      const put = await storage.put(folder, 'webp', v.data);
      stored.keys.push(put.key);
      stored.variants.push({ url: put.url, width: v.width });
    }
    return stored;
  } catch (err) {
    await Promise.all(stored.keys.map((k) => storage.remove(k).catch(() => undefined)));
    throw err;
  }
}

/**
 * A preview image made Plaza's own: fetched through the SSRF-safe client (a few MB at most), accepted only when
 * its first bytes are a JPEG, PNG, WebP or GIF (an SVG or an HTML page sent as an image is refused), re-encoded
 * through the image pipeline (media/images.ts: EXIF dropped, pixel limits) and stored under /media/link-previews/,
 * so the card's image is served by Plaza and the Content-Security-Policy stays 'self'.
 */
import { withStillImage } from '../../media/images';
import type { MediaStorage } from '../../media/storage';
import type { Logger } from '../../lib/logger';
import type { SafeClient } from './safe-fetch';

const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/** Wide enough for a card on a large screen at twice the pixels; cards are at most ~600 CSS px wide. */
const CARD_IMAGE_WIDTH = 1200;

/** A JSON or HTML answer is no image; the bytes decide among the rest (servers label images loosely). */
const mayBeImage = (type: string) =>
  type === '' || type.startsWith('image/') || type === 'application/octet-stream' || type === 'binary/octet-stream';

export function cardImages(client: SafeClient, storage: MediaStorage, opts: { timeoutMs: number; log: Logger }) {
  return {
    /** The stored copy's URL, or null when the image cannot be had or is not a raster image. */
    async store(imageUrl: string): Promise<string | null> {
      try {
        const fetched = await client.get(imageUrl, {
          timeoutMs: opts.timeoutMs,
          maxBytes: MAX_IMAGE_BYTES,
          overflow: 'refuse',
          accept: 'image/webp,image/png,image/jpeg,image/gif;q=0.9,*/*;q=0.1',
          acceptsType: mayBeImage,
        });
        // withStillImage reads the type from the first bytes and refuses anything but JPEG, PNG, WebP and GIF.
        const webp = await withStillImage(fetched.body, (image) =>
          image.resize(CARD_IMAGE_WIDTH, CARD_IMAGE_WIDTH, { fit: 'inside', withoutEnlargement: true }).webp({ quality: 80 }).toBuffer(),
        );
        return (await storage.put('link-previews', 'webp', webp)).url;
      } catch (err) {
        // A refused or broken image only leaves the card without one.
        opts.log.debug({ err, imageUrl }, 'link preview image not stored');
        return null;
      }
    },
  };
}

/** Re-encodes a story photo as WebP: orientation fixed, metadata (EXIF, GPS) dropped, longest side at most 1920 px. */
import sharp from 'sharp';
import { sentence, UnsupportedMediaTypeError } from '../../lib/errors';
import { checkDeclaredSize, MAX_INPUT_PIXELS } from '../../media/image-limits';
import { imageQueue } from '../../media/image-queue';
import type { SniffedType } from '../../media/sniff';

const MAX_SIDE = 1920;

export async function encodeStoryImage(input: Buffer, type: SniffedType): Promise<Buffer> {
  // A GIF keeps its animation (WebP can hold it); GIFs carry no orientation to fix.
  const animated = type === 'gif';
  await checkDeclaredSize(input, { animated });
  const release = await imageQueue.acquire();
  try {
    const base = sharp(input, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS, animated });
    return await (animated ? base : base.rotate())
      .resize(MAX_SIDE, MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw new UnsupportedMediaTypeError(sentence('error.image.unreadable'));
  } finally {
    release();
  }
}

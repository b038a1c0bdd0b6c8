/** Image re-encoding: fixes orientation, drops EXIF/GPS (sharp keeps no metadata unless asked), makes a thumbnail. */
import sharp from 'sharp';
import { UnsupportedMediaTypeError } from '../lib/errors';
import { checkDeclaredSize, MAX_INPUT_PIXELS } from './image-limits';
import { imageQueue } from './image-queue';
import { IMAGE_TYPES, sniffType } from './sniff';

export interface ProcessedImage {
  main: Buffer;
  thumb: Buffer;
  width: number;
  height: number;
}

sharp.cache(false);

/**
 * Every still image goes through here: type and declared size checked before decoding, a slot of the
 * image queue held while `work` runs on the decoded, rotated image, and any decoding failure answered 415.
 */
export async function withStillImage<T>(input: Buffer, work: (base: sharp.Sharp) => Promise<T>): Promise<T> {
  const type = sniffType(input);
  if (!type || !IMAGE_TYPES.includes(type)) throw new UnsupportedMediaTypeError('Only JPEG, PNG, WebP and GIF images are accepted.');
  await checkDeclaredSize(input, { animated: false });
  const release = await imageQueue.acquire();
  try {
    return await work(sharp(input, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS }).rotate());
  } catch {
    throw new UnsupportedMediaTypeError('The image could not be read. Is the file damaged?');
  } finally {
    release();
  }
}

export function processImage(input: Buffer, opts: { maxSize: number; thumbSize: number; square?: boolean }): Promise<ProcessedImage> {
  return withStillImage(input, async (base) => {
    const fit = opts.square ? 'cover' : 'inside';
    const { data: main, info } = await base
      .clone()
      .resize(opts.maxSize, opts.maxSize, { fit, withoutEnlargement: !opts.square })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    const thumb = await base.clone().resize(opts.thumbSize, opts.thumbSize, { fit: 'cover' }).webp({ quality: 75 }).toBuffer();
    return { main, thumb, width: info.width, height: info.height };
  });
}

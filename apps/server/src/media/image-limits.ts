/**
 * Refuses decompression bombs from the image's header, before a pixel is decoded: a small file can
 * declare 7000 × 7000 pixels, or a GIF hundreds of full-size frames, and cost seconds of CPU and
 * hundreds of megabytes to decode.
 */
import sharp from 'sharp';
import { PayloadTooLargeError, UnsupportedMediaTypeError } from '../lib/errors';

/** Pixels of one still image (or one frame), also passed to sharp as `limitInputPixels`. */
export const MAX_INPUT_PIXELS = 40_000_000;
/** Frames of an image kept animated. */
export const MAX_FRAMES = 150;
/** Pixels over all frames of an image kept animated: about 0.7 s of encoding on one core. */
export const MAX_ANIMATED_PIXELS = 20_000_000;

const megapixels = (n: number) => `${Math.round(n / 100_000) / 10} megapixels`;

/** Reads the declared size and frame count; throws 413 when decoding would cost more than allowed. */
export async function checkDeclaredSize(input: Buffer, opts: { animated: boolean }): Promise<void> {
  let width: number;
  let height: number;
  let frames: number;
  try {
    const meta = await sharp(input).metadata();
    width = meta.width ?? 0;
    height = meta.pageHeight ?? meta.height ?? 0;
    frames = meta.pages ?? 1;
  } catch {
    throw new UnsupportedMediaTypeError('The image could not be read. Is the file damaged?');
  }
  if (width * height > MAX_INPUT_PIXELS) {
    throw new PayloadTooLargeError(`The image is ${width} × ${height} pixels; at most ${megapixels(MAX_INPUT_PIXELS)} are accepted.`);
  }
  if (!opts.animated || frames <= 1) return;
  if (frames > MAX_FRAMES) throw new PayloadTooLargeError(`The animation has ${frames} frames; at most ${MAX_FRAMES} are accepted.`);
  if (width * height * frames > MAX_ANIMATED_PIXELS) {
    throw new PayloadTooLargeError(
      `The animation has ${megapixels(width * height * frames)} over all its frames; at most ${megapixels(MAX_ANIMATED_PIXELS)} are accepted.`,
    );
  }
}

/**
 * Reads the create-post multipart body: the `content` field and up to four `images` files, or one `video`.
 * Each file's type comes from its first bytes. Images are buffered up to 10 MB; a video is streamed to a
 * temporary file (50 MB), checked and kept as it came (media/video-originals.ts): a `video` job makes it
 * playable after the answer (posts/video-processing.ts).
 * The whole body is always read, so a refusal never leaves the client's upload half-sent; the first
 * problem found is the one reported, and a video already stored is removed again.
 */
import { LIMITS, postContentSchema } from '@plaza/contract';
import type { FastifyRequest } from 'fastify';
import { BadRequestError, fieldError, HttpError, PayloadTooLargeError, sentence, UnsupportedMediaTypeError } from '../../lib/errors';
import { IMAGE_TYPES, sniffType, VIDEO_TYPES } from '../../media/sniff';
import type { MediaStorage } from '../../media/storage';
import { collectUpTo, drain, readChunks, readHead } from '../../media/upload-parts';
import { keepVideoUpload, type VideoOriginal } from '../../media/video-originals';

export interface PostUpload {
  content: string;
  images: Buffer[];
  /** Checked and kept as uploaded; the caller removes it when the post cannot be written. */
  video: VideoOriginal | null;
  /** The author removed the link preview card in the composer: none is made. */
  noPreview: boolean;
}

const MB = 1024 * 1024;
/** Above the four allowed, so a fifth image gets our 400 rather than the parser's "too many files". */
const FILES_READ = LIMITS.postImages + 4;

export async function receivePostUpload(request: FastifyRequest, storage: MediaStorage): Promise<PostUpload> {
  if (!request.isMultipart()) throw new UnsupportedMediaTypeError(sentence('error.post.multipart'));
  let refusal: HttpError | null = null;
  let content = '';
  const images: Buffer[] = [];
  let video: VideoOriginal | null = null;
  let fileCount = 0;
  let noPreview = false;

  try {
    const parts = request.parts({ limits: { fileSize: LIMITS.videoBytes, files: FILES_READ, fields: 8, fieldSize: 64 * 1024 } });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (part.fieldname === 'noPreview') noPreview = part.value === 'true';
        if (part.fieldname !== 'content') continue;
        const parsed = postContentSchema.safeParse(typeof part.value === 'string' ? part.value : '');
        if (part.valueTruncated || !parsed.success) {
          refusal ??= fieldError(
            'content',
            parsed.success ? sentence('error.post.tooLong', { max: LIMITS.postContent.max }) : parsed.error.issues[0].message,
          );
        } else content = parsed.data;
        continue;
      }
      fileCount += 1;
      if (part.fieldname !== 'images' && part.fieldname !== 'video')
        refusal ??= new BadRequestError(sentence('error.post.unexpectedFile'), [{ path: part.fieldname, message: 'Unexpected file' }]);
      else if (fileCount > LIMITS.postImages) refusal ??= tooManyImages();
      else if (video || (part.fieldname === 'video' && images.length > 0)) refusal ??= imagesOrVideo();
      if (refusal) {
        await drain(part.file);
        continue;
      }
      const head = await readHead(readChunks(part.file));
      const type = sniffType(head.bytes);
      if (part.fieldname === 'video') {
        if (!type || !VIDEO_TYPES.includes(type)) {
          await drain(head.replay());
          refusal ??= new UnsupportedMediaTypeError(sentence('error.post.videoType'));
          continue;
        }
        try {
          video = await keepVideoUpload(storage, head.replay(), type === 'webm' ? 'webm' : 'mp4', () => part.file.truncated);
          if (!video) refusal ??= new PayloadTooLargeError(sentence('error.post.videoTooLarge', { mb: LIMITS.videoBytes / MB }));
        } catch (err) {
          if (!(err instanceof HttpError)) throw err;
          refusal ??= err;
        }
        continue;
      }
      const bytes = await collectUpTo(head.replay(), LIMITS.imageBytes);
      if (!bytes || part.file.truncated)
        refusal ??= new PayloadTooLargeError(sentence('error.post.imageTooLarge', { mb: LIMITS.imageBytes / MB }));
      else if (!type || !IMAGE_TYPES.includes(type)) refusal ??= new UnsupportedMediaTypeError(sentence('error.post.imageType'));
      else if (video) refusal ??= imagesOrVideo();
      else images.push(bytes);
    }
    if (refusal) throw refusal;
  } catch (err) {
    if (video) await storage.remove(video.source.key);
    // Ours says more than the parser's own "file too large" raised at the end of a truncated body.
    throw refusal ?? err;
  }
  if (content === '' && images.length === 0 && !video) {
    throw new BadRequestError(sentence('error.post.empty'), [{ path: 'content', message: 'Write something or add an image or a video' }]);
  }
  return { content, images, video, noPreview };
}

const tooManyImages = () =>
  new BadRequestError(sentence('error.post.tooManyImages', { max: LIMITS.postImages }), [
    { path: 'images', message: `At most ${LIMITS.postImages} images` },
  ]);

const imagesOrVideo = () =>
  new BadRequestError(sentence('error.post.imagesOrVideo'), [{ path: 'video', message: 'Images or one video, not both' }]);

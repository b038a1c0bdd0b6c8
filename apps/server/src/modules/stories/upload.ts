/**
 * Reads the create-story multipart body. The media type comes from the file's first bytes; photos are
 * buffered (10 MB) and re-encoded, videos are streamed to a temporary file (50 MB), checked and kept as
 * they came (media/video-originals.ts): a `storyVideo` job makes them playable after the answer
 * (stories/video-processing.ts). The caption may come
 * before or after the file. The whole body is always read, so a rejection never leaves the client's
 * upload half-sent; whatever was stored is removed again when the upload is refused.
 */
import { LIMITS, storyCaptionSchema } from '@plaza/contract';
import type { FastifyRequest } from 'fastify';
import { BadRequestError, HttpError, PayloadTooLargeError, sentence, UnsupportedMediaTypeError } from '../../lib/errors';
import { IMAGE_TYPES, sniffType, VIDEO_TYPES } from '../../media/sniff';
import type { MediaStorage, StoredMedia } from '../../media/storage';
import { collectUpTo, drain, readChunks, readHead } from '../../media/upload-parts';
import { keepVideoUpload, type VideoOriginal } from '../../media/video-originals';
import { encodeStoryImage } from './story-image';

/** A photo stored as it will be shown, or a video checked and kept until its job makes it playable. */
export type StoryMediaUpload = { mediaType: 'image'; image: StoredMedia } | { mediaType: 'video'; video: VideoOriginal };

export type StoryUpload = StoryMediaUpload & { caption: string | null };

/** The key of what an upload stored: removed again when the story cannot be written. */
export const keptKeyOf = (upload: StoryMediaUpload) => (upload.mediaType === 'image' ? upload.image.key : upload.video.source.key);

const MB = 1024 * 1024;

export async function receiveStoryUpload(request: FastifyRequest, storage: MediaStorage): Promise<StoryUpload> {
  let stored: StoryMediaUpload | null = null;
  let refusal: HttpError | null = null;
  let caption: string | null = null;

  if (!request.isMultipart()) throw new UnsupportedMediaTypeError(sentence('error.story.multipart'));
  try {
    const parts = request.parts({ limits: { fileSize: LIMITS.videoBytes, files: 1, fields: 4, fieldSize: 4096 } });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (part.fieldname !== 'caption') continue;
        const parsed = storyCaptionSchema.safeParse(typeof part.value === 'string' ? part.value : '');
        if (parsed.success) caption = parsed.data;
        else
          refusal ??= new BadRequestError(parsed.error.issues[0].message, [{ path: 'caption', message: parsed.error.issues[0].message }]);
        continue;
      }
      const chunks = readChunks(part.file);
      if (part.fieldname !== 'media' || stored || refusal) {
        if (part.fieldname !== 'media') refusal ??= mediaMissing();
        await drain(chunks);
        continue;
      }
      const head = await readHead(chunks);
      const type = sniffType(head.bytes);
      if (type && VIDEO_TYPES.includes(type)) {
        // Checked at once (a bad file is refused now); the encode is the job's.
        try {
          const video = await keepVideoUpload(storage, head.replay(), type === 'webm' ? 'webm' : 'mp4', () => part.file.truncated);
          if (video) stored = { mediaType: 'video', video };
          else refusal ??= tooLarge('video', LIMITS.videoBytes);
        } catch (err) {
          if (!(err instanceof HttpError)) throw err;
          refusal ??= err;
        }
      } else if (type && IMAGE_TYPES.includes(type)) {
        const bytes = await collectUpTo(head.replay(), LIMITS.imageBytes);
        if (!bytes || part.file.truncated) refusal ??= tooLarge('photo', LIMITS.imageBytes);
        else stored = { mediaType: 'image', image: await storage.put('stories', 'webp', await encodeStoryImage(bytes, type)) };
      } else {
        await drain(head.replay());
        refusal ??= new UnsupportedMediaTypeError(sentence('error.story.type'));
      }
    }
    if (refusal) throw refusal;
    if (!stored) throw mediaMissing();
    return { ...stored, caption };
  } catch (err) {
    if (stored) await storage.remove(keptKeyOf(stored));
    // Ours says more than the parser's own "file too large" raised at the end of a truncated body.
    throw refusal ?? err;
  }
}

const mediaMissing = () => new BadRequestError(sentence('error.story.mediaMissing'), [{ path: 'media', message: 'Required' }]);
const tooLarge = (what: 'photo' | 'video', limit: number) =>
  new PayloadTooLargeError(sentence(`error.story.${what}TooLarge`, { mb: limit / MB }));

/**
 * Reads the create-story multipart body. The media type comes from the file's first bytes; photos are
 * buffered (10 MB) and re-encoded, videos are streamed to a temporary file (50 MB), then checked,
 * made web-friendly and given a poster (media/video.ts). The caption may come
 * before or after the file. The whole body is always read, so a rejection never leaves the client's
 * upload half-sent; whatever was stored is removed again when the upload is refused.
 */
import { LIMITS, storyCaptionSchema, type StoryMediaType } from '@plaza/contract';
import type { FastifyRequest } from 'fastify';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { BadRequestError, HttpError, PayloadTooLargeError, UnsupportedMediaTypeError } from '../../lib/errors';
import { IMAGE_TYPES, sniffType, VIDEO_TYPES } from '../../media/sniff';
import type { MediaStorage, StoredMedia } from '../../media/storage';
import { storeVideo } from '../../media/video';
import { encodeStoryImage } from './story-image';

export interface StoryUpload {
  media: StoredMedia;
  mediaType: StoryMediaType;
  /** A video's still frame (media/video.ts); null for photos. */
  poster: StoredMedia | null;
  caption: string | null;
}

/** Enough for every signature media/sniff.ts knows (WebP needs 12). */
const SNIFF_BYTES = 16;
const MB = 1024 * 1024;

type Chunks = AsyncGenerator<Buffer, void, undefined>;

export async function receiveStoryUpload(request: FastifyRequest, storage: MediaStorage): Promise<StoryUpload> {
  let stored: { media: StoredMedia; mediaType: StoryMediaType; poster: StoredMedia | null } | null = null;
  let refusal: HttpError | null = null;
  let caption: string | null = null;

  if (!request.isMultipart()) throw new UnsupportedMediaTypeError('Send the story as multipart/form-data.');
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
        // Checked, made web-friendly and given a poster from a temporary copy; only the results are stored.
        const temp = await mkdtemp(path.join(tmpdir(), 'plaza-upload-'));
        try {
          const file = path.join(temp, `upload.${type}`);
          await pipeline(Readable.from(head.replay()), createWriteStream(file));
          if (part.file.truncated) refusal ??= tooLarge('video', LIMITS.videoBytes);
          else {
            const video = await storeVideo(storage, 'stories', file, type === 'webm' ? 'webm' : 'mp4');
            stored = { media: video.video, mediaType: 'video', poster: video.poster };
          }
        } catch (err) {
          if (!(err instanceof HttpError)) throw err;
          refusal ??= err;
        } finally {
          await rm(temp, { recursive: true, force: true });
        }
      } else if (type && IMAGE_TYPES.includes(type)) {
        const bytes = await collectUpTo(head.replay(), LIMITS.imageBytes);
        if (!bytes || part.file.truncated) refusal ??= tooLarge('photo', LIMITS.imageBytes);
        else
          stored = { media: await storage.put('stories', 'webp', await encodeStoryImage(bytes, type)), mediaType: 'image', poster: null };
      } else {
        await drain(head.replay());
        refusal ??= new UnsupportedMediaTypeError('Stories accept JPEG, PNG, WebP or GIF photos and MP4 or WebM videos.');
      }
    }
    if (refusal) throw refusal;
    if (!stored) throw mediaMissing();
    return { ...stored, caption };
  } catch (err) {
    if (stored) await Promise.all([stored.media, stored.poster].flatMap((m) => (m ? [storage.remove(m.key)] : [])));
    // Ours says more than the parser's own "file too large" raised at the end of a truncated body.
    throw refusal ?? err;
  }
}

const mediaMissing = () => new BadRequestError('Attach a photo or video as the `media` field.', [{ path: 'media', message: 'Required' }]);
const tooLarge = (what: string, limit: number) => new PayloadTooLargeError(`A story ${what} may be at most ${limit / MB} MB.`);

async function* readChunks(stream: AsyncIterable<Buffer>): Chunks {
  for await (const chunk of stream) yield chunk;
}

/** Reads just enough to sniff the type, and gives back a stream of the whole file again. */
async function readHead(chunks: Chunks) {
  const seen: Buffer[] = [];
  let length = 0;
  while (length < SNIFF_BYTES) {
    const next = await chunks.next();
    if (next.done) break;
    seen.push(next.value);
    length += next.value.length;
  }
  return {
    bytes: Buffer.concat(seen),
    async *replay(): Chunks {
      yield* seen;
      yield* chunks;
    },
  };
}

/** The whole file, or null when it is longer than `limit` (the rest is still read and dropped). */
async function collectUpTo(chunks: Chunks, limit: number): Promise<Buffer | null> {
  const kept: Buffer[] = [];
  let length = 0;
  for await (const chunk of chunks) {
    length += chunk.length;
    if (length <= limit) kept.push(chunk);
    else kept.length = 0;
  }
  return length <= limit ? Buffer.concat(kept) : null;
}

async function drain(chunks: Chunks): Promise<void> {
  for await (const _ of chunks) {
    // discarded
  }
}

/**
 * Reads the create-post multipart body: the `content` field and up to four `images` files. Each file's
 * type comes from its first bytes; files are buffered up to 10 MB. The whole body is always read, so a
 * refusal never leaves the client's upload half-sent; the first problem found is the one reported.
 */
import { LIMITS, postContentSchema } from '@plaza/contract';
import type { FastifyRequest } from 'fastify';
import { BadRequestError, HttpError, PayloadTooLargeError, UnsupportedMediaTypeError } from '../../lib/errors';
import { IMAGE_TYPES, sniffType } from '../../media/sniff';

export interface PostUpload {
  content: string;
  images: Buffer[];
}

const MB = 1024 * 1024;
/** Above the four allowed, so a fifth image gets our 400 rather than the parser's "too many files". */
const FILES_READ = LIMITS.postImages + 4;

export async function receivePostUpload(request: FastifyRequest): Promise<PostUpload> {
  if (!request.isMultipart()) throw new UnsupportedMediaTypeError('Send the post as multipart/form-data.');
  let refusal: HttpError | null = null;
  let content = '';
  const images: Buffer[] = [];
  let fileCount = 0;

  try {
    const parts = request.parts({ limits: { fileSize: LIMITS.imageBytes, files: FILES_READ, fields: 8, fieldSize: 64 * 1024 } });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (part.fieldname !== 'content') continue;
        const parsed = postContentSchema.safeParse(typeof part.value === 'string' ? part.value : '');
        if (part.valueTruncated || !parsed.success) {
          const message = parsed.success ? `A post may be at most ${LIMITS.postContent.max} characters` : parsed.error.issues[0].message;
          refusal ??= new BadRequestError(message, [{ path: 'content', message }]);
        } else content = parsed.data;
        continue;
      }
      fileCount += 1;
      if (part.fieldname !== 'images')
        refusal ??= new BadRequestError('Attach images as the `images` field.', [{ path: part.fieldname, message: 'Unexpected file' }]);
      else if (fileCount > LIMITS.postImages) refusal ??= tooManyImages();
      if (refusal) {
        await drain(part.file);
        continue;
      }
      const bytes = await collectUpTo(part.file, LIMITS.imageBytes);
      const type = bytes && sniffType(bytes);
      if (!bytes || part.file.truncated) refusal ??= new PayloadTooLargeError(`Each image may be at most ${LIMITS.imageBytes / MB} MB.`);
      else if (!type || !IMAGE_TYPES.includes(type))
        refusal ??= new UnsupportedMediaTypeError('Posts accept JPEG, PNG, WebP or GIF images.');
      else images.push(bytes);
    }
  } catch (err) {
    // Ours says more than the parser's own "file too large" raised at the end of a truncated body.
    throw refusal ?? err;
  }
  if (refusal) throw refusal;
  if (content === '' && images.length === 0) {
    throw new BadRequestError('Write something or add an image.', [{ path: 'content', message: 'Write something or add an image' }]);
  }
  return { content, images };
}

const tooManyImages = () =>
  new BadRequestError(`A post may have at most ${LIMITS.postImages} images.`, [
    { path: 'images', message: `At most ${LIMITS.postImages} images` },
  ]);

/** The whole file, or null when it is longer than `limit` (the rest is still read and dropped). */
async function collectUpTo(stream: AsyncIterable<Buffer>, limit: number): Promise<Buffer | null> {
  const kept: Buffer[] = [];
  let length = 0;
  for await (const chunk of stream) {
    length += chunk.length;
    if (length <= limit) kept.push(chunk);
    else kept.length = 0;
  }
  return length <= limit ? Buffer.concat(kept) : null;
}

async function drain(stream: AsyncIterable<Buffer>): Promise<void> {
  for await (const _ of stream) {
    // discarded
  }
}

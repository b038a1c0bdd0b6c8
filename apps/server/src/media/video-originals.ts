/**
 * A video upload kept as it came until a `video` job makes it playable (docs/decisions/videos.md). The
 * request streams it to a temporary file, checks it (media/video.ts: readable, length, picture size) and
 * stores the original in the private `uploads/` folder, then answers; the job reads it back, encodes it
 * under the name chosen at upload (so a second run overwrites its own result), and the caller removes it.
 */
import { VIDEO_LIMITS } from '@plaza/contract';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { newMediaName } from './keys';
import type { MediaStorage, StoredMedia } from './storage';
import { HttpError } from '../lib/errors';
import { checkVideo, EncodeTimeoutError, storeVideo, type StoredVideo, type VideoFacts } from './video';

export type VideoContainer = 'mp4' | 'webm';

/** What the encode needs to know of a kept upload (a `video` job's data holds the same). */
export interface VideoSource {
  sourceKey: string;
  sniffed: VideoContainer;
  /** The name the MP4 and poster are stored under (`<folder>/<name>.mp4`, `.webp`). */
  name: string;
}

export interface VideoOriginal {
  source: StoredMedia;
  sniffed: VideoContainer;
  name: string;
  /** What ffprobe said of it. */
  facts: VideoFacts;
}

/**
 * Reads, checks and keeps an uploaded video. Null when `cutOff()` says, once the bytes are read, that
 * the upload went past its size limit; a refusal (unreadable, too long, too large a picture) throws
 * before anything is stored.
 */
export async function keepVideoUpload(
  storage: MediaStorage,
  bytes: AsyncIterable<Buffer>,
  sniffed: VideoContainer,
  cutOff: () => boolean,
): Promise<VideoOriginal | null> {
  const temp = await mkdtemp(path.join(tmpdir(), 'plaza-upload-'));
  try {
    const file = path.join(temp, `upload.${sniffed}`);
    await pipeline(Readable.from(bytes), createWriteStream(file));
    if (cutOff()) return null;
    const facts = await checkVideo(file);
    const source = await storage.putStream('uploads', sniffed, createReadStream(file));
    return { source, sniffed, name: newMediaName(), facts };
  } finally {
    await rm(temp, { recursive: true, force: true });
  }
}

/** Makes the kept original playable and stores the MP4 and poster under `folder`, named as `source` says. */
export async function encodeVideoOriginal(storage: MediaStorage, folder: string, source: VideoSource): Promise<StoredVideo> {
  const original = await storage.read(source.sourceKey);
  if (!original) throw new Error(`the uploaded video ${source.sourceKey} is gone`);
  const temp = await mkdtemp(path.join(tmpdir(), 'plaza-video-source-'));
  try {
    const file = path.join(temp, `upload.${source.sniffed}`);
    await pipeline(original.body, createWriteStream(file));
    return await storeVideo(storage, folder, file, source.sniffed, { name: source.name });
  } finally {
    await rm(temp, { recursive: true, force: true });
  }
}

/** The size the encode will give the picture (at most VIDEO_LIMITS.maxDimensionPx a side, even), before it is made. */
export function expectedSize(facts: VideoFacts): { width: number; height: number } {
  const scale = Math.min(1, VIDEO_LIMITS.maxDimensionPx / Math.max(facts.width, facts.height));
  const even = (n: number) => Math.max(2, Math.floor((n * scale) / 2) * 2);
  return { width: even(facts.width), height: even(facts.height) };
}

/**
 * Whether an encode failed for good: a file ffmpeg refuses is refused again on every try, while running
 * out of time may be a busy machine, worth another attempt. Shared by the posts' and stories' video jobs.
 */
export const refusedForGood = (err: unknown): boolean => err instanceof HttpError && !(err instanceof EncodeTimeoutError);

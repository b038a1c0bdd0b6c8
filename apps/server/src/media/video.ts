/**
 * Uploaded videos, checked and made playable everywhere with ffprobe and ffmpeg (the Debian `ffmpeg`
 * package): a file ffprobe cannot read, without a video stream, or longer than VIDEO_LIMITS is refused;
 * an MP4 already in H.264 (with AAC or no sound) and small enough is only rewritten with its index first
 * (faststart, so playback starts before the whole file arrived); anything else (WebM, HEVC, oversized) is
 * re-encoded to H.264/AAC MP4. A still frame becomes the poster shown while the video loads. Encodes run
 * one at a time, each bounded in time, so uploads cannot starve the server.
 */
import { VIDEO_LIMITS } from '@plaza/contract';
import { spawn } from 'node:child_process';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { BadRequestError, UnsupportedMediaTypeError } from '../lib/errors';
import type { MediaStorage, StoredMedia } from './storage';

/** A whole encode of a 60-second clip takes a few seconds; this only stops a stuck process. */
const FFMPEG_TIMEOUT_MS = 120_000;

export interface VideoFacts {
  durationSeconds: number;
  width: number;
  height: number;
  videoCodec: string;
  audioCodec: string | null;
  container: string;
}

export interface StoredVideo {
  video: StoredMedia;
  poster: StoredMedia;
  facts: VideoFacts;
}

interface Run {
  stdout: Buffer;
  code: number | null;
}

/** Runs a tool with arguments (never a shell), collecting stdout; kills it after the timeout. */
function run(command: string, args: readonly string[]): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'ignore'] });
    const out: Buffer[] = [];
    const timer = setTimeout(() => child.kill('SIGKILL'), FFMPEG_TIMEOUT_MS);
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ stdout: Buffer.concat(out), code });
    });
  });
}

/** One encode at a time: ffmpeg uses every core it finds. */
let queue: Promise<unknown> = Promise.resolve();
function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const next = queue.then(work, work);
  queue = next.catch(() => undefined);
  return next;
}

const unreadable = () => new UnsupportedMediaTypeError('The video could not be read. Stories and posts accept MP4 or WebM videos.');

interface ProbeStream {
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
}

/** What ffprobe says of the file; refuses what is not a readable video. */
export async function probeVideo(file: string): Promise<VideoFacts> {
  const { stdout, code } = await run('ffprobe', ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file]);
  if (code !== 0) throw unreadable();
  let parsed: { streams?: ProbeStream[]; format?: { duration?: string; format_name?: string } };
  try {
    parsed = JSON.parse(stdout.toString('utf8')) as typeof parsed;
  } catch {
    throw unreadable();
  }
  const video = parsed.streams?.find((s) => s.codec_type === 'video');
  const audio = parsed.streams?.find((s) => s.codec_type === 'audio');
  const durationSeconds = Number(parsed.format?.duration);
  if (!video?.codec_name || !video.width || !video.height || !Number.isFinite(durationSeconds)) throw unreadable();
  return {
    durationSeconds,
    width: video.width,
    height: video.height,
    videoCodec: video.codec_name,
    audioCodec: audio?.codec_name ?? null,
    container: parsed.format?.format_name ?? '',
  };
}

/** Whether browsers play the file as it is (after moving its index to the front). */
export function isWebFriendly(facts: VideoFacts, sniffed: 'mp4' | 'webm'): boolean {
  return (
    sniffed === 'mp4' &&
    facts.videoCodec === 'h264' &&
    (facts.audioCodec === null || facts.audioCodec === 'aac') &&
    Math.max(facts.width, facts.height) <= VIDEO_LIMITS.maxDimensionPx
  );
}

const SCALE = `scale='min(${VIDEO_LIMITS.maxDimensionPx},iw)':'min(${VIDEO_LIMITS.maxDimensionPx},ih)':force_original_aspect_ratio=decrease,scale=trunc(iw/2)*2:trunc(ih/2)*2`;

async function ffmpeg(args: readonly string[]): Promise<Buffer> {
  const { stdout, code } = await run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args]);
  if (code !== 0) throw unreadable();
  return stdout;
}

/**
 * Checks the uploaded file at `input`, makes the MP4 and poster and stores both under `folder`.
 * The caller removes `input`; everything else made here is removed before returning.
 */
export async function storeVideo(storage: MediaStorage, folder: string, input: string, sniffed: 'mp4' | 'webm'): Promise<StoredVideo> {
  const facts = await probeVideo(input);
  if (facts.durationSeconds > VIDEO_LIMITS.maxDurationSeconds + 0.5) {
    const message = `A video may be at most ${VIDEO_LIMITS.maxDurationSeconds} seconds long.`;
    throw new BadRequestError(message, [{ path: 'media', message }]);
  }
  const work = await mkdtemp(path.join(tmpdir(), 'plaza-video-'));
  try {
    const output = path.join(work, 'out.mp4');
    const poster = await oneAtATime(async () => {
      if (isWebFriendly(facts, sniffed))
        await ffmpeg(['-i', input, '-map', '0:v:0', '-map', '0:a:0?', '-c', 'copy', '-movflags', '+faststart', output]);
      else {
        await ffmpeg([
          ...['-i', input, '-map', '0:v:0', '-map', '0:a:0?', '-vf', SCALE],
          ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '26', '-pix_fmt', 'yuv420p', '-profile:v', 'high'],
          ...['-c:a', 'aac', '-b:a', '128k', '-movflags', '+faststart', output],
        ]);
      }
      // A frame a little in, past a black first frame; the start for very short clips.
      const at = Math.min(1, facts.durationSeconds / 2).toFixed(2);
      return ffmpeg(['-ss', at, '-i', output, '-frames:v', '1', '-f', 'image2pipe', '-vcodec', 'png', '-']);
    });
    const posterWebp = await sharp(poster).webp({ quality: 80 }).toBuffer();
    const video = await storage.putStream(folder, 'mp4', createReadStream(output));
    try {
      return { video, poster: await storage.put(folder, 'webp', posterWebp), facts };
    } catch (err) {
      await storage.remove(video.key);
      throw err;
    }
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

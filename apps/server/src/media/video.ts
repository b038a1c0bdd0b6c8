/**
 * Uploaded videos, checked and made playable everywhere with ffprobe and ffmpeg (the Debian `ffmpeg`
 * package): a file ffprobe cannot read, without a video stream, or longer than VIDEO_LIMITS is refused;
 * an MP4 already in H.264 (with AAC or no sound) and small enough is only rewritten with its index first
 * (faststart, so playback starts before the whole file arrived); anything else (WebM, HEVC, oversized) is
 * re-encoded to H.264/AAC MP4. A still frame becomes the poster shown while the video loads. Encodes run
 * one at a time, each bounded in time, so uploads cannot starve the server. The length is read from the
 * stream's packets as well as the header, and oversized pictures are refused before any decoding.
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

/** ffprobe reads headers and packets, never decodes: a second or two at most; this stops a stuck one. */
const PROBE_TIMEOUT_MS = 15_000;
/**
 * The most one upload may hold the single encoder: a 60-second clip scaled to 1280 px takes well under
 * this on two cores; beyond it ffmpeg is killed and the upload refused, so the queue moves on.
 */
export const ENCODE_TIMEOUT_MS = 45_000;
/**
 * Input frames at most: 4K (3840×2160) passes, as phones record it; 8192×8192 does not. Read from the
 * stream before any decoding (docs/decisions/videos.md).
 */
export const MAX_INPUT_SIDE_PX = 4096;
export const MAX_INPUT_PIXELS = 4096 * 2304;
/** Frames a clip of the longest allowed length may hold (60 fps): more means its timestamps lie. */
const MAX_FRAMES = Math.ceil((VIDEO_LIMITS.maxDurationSeconds + 0.5) * 60);

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
  /** What ffprobe said of the upload. */
  facts: VideoFacts;
  /** The stored video's size as it plays (scaled, turned upright), read from its poster. */
  width: number;
  height: number;
}

interface Run {
  stdout: Buffer;
  code: number | null;
}

/** Runs a tool with arguments (never a shell), collecting stdout; kills it after `timeoutMs`. */
function run(command: string, args: readonly string[], timeoutMs: number): Promise<Run & { timedOut: boolean }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'ignore'] });
    const out: Buffer[] = [];
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ stdout: Buffer.concat(out), code, timedOut });
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

const refused = (message: string) => new BadRequestError(message, [{ path: 'media', message }]);
const tooLong = () => refused(`A video may be at most ${VIDEO_LIMITS.maxDurationSeconds} seconds long.`);

/**
 * How long the first video stream really is, from its packets (demuxed, not decoded): the span of their
 * timestamps, and how many there are. A container's header may say anything.
 */
async function streamLength(file: string): Promise<{ seconds: number; frames: number }> {
  const { stdout, code } = await run(
    'ffprobe',
    ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'packet=pts_time,duration_time', '-of', 'csv=p=0', file],
    PROBE_TIMEOUT_MS,
  );
  if (code !== 0) throw unreadable();
  let first = Infinity;
  let end = -Infinity;
  let frames = 0;
  for (const line of stdout.toString('utf8').split('\n')) {
    const [pts, duration] = line.split(',').map(Number);
    if (!Number.isFinite(pts)) continue;
    frames += 1;
    first = Math.min(first, pts);
    end = Math.max(end, pts + (Number.isFinite(duration) ? duration : 0));
  }
  return { seconds: frames > 0 ? end - first : 0, frames };
}

/** What ffprobe says of the file; refuses what is not a readable video. */
export async function probeVideo(file: string): Promise<VideoFacts> {
  const { stdout, code } = await run(
    'ffprobe',
    ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file],
    PROBE_TIMEOUT_MS,
  );
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

/** The encode ran out of time: the file may be fine and the machine busy, so a job tries it again. */
export class EncodeTimeoutError extends BadRequestError {
  constructor() {
    const message = 'This video takes too long to process. Try a shorter or smaller one.';
    super(message, [{ path: 'media', message }]);
  }
}

async function ffmpeg(args: readonly string[], timeoutMs = ENCODE_TIMEOUT_MS): Promise<Buffer> {
  const { stdout, code, timedOut } = await run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args], timeoutMs);
  if (timedOut) throw new EncodeTimeoutError();
  if (code !== 0) throw unreadable();
  return stdout;
}

/**
 * Refuses before any encoding what is too long (by the header or by the stream's own packets) or too
 * large a picture, so a lying header or a decompression bomb costs a probe, not the encoder.
 */
export async function checkVideo(input: string): Promise<VideoFacts> {
  const facts = await probeVideo(input);
  if (facts.width > MAX_INPUT_SIDE_PX || facts.height > MAX_INPUT_SIDE_PX || facts.width * facts.height > MAX_INPUT_PIXELS)
    throw refused(`A video may be at most ${MAX_INPUT_SIDE_PX} pixels wide or high (4K).`);
  if (facts.durationSeconds > VIDEO_LIMITS.maxDurationSeconds + 0.5) throw tooLong();
  const stream = await streamLength(input);
  if (stream.seconds > VIDEO_LIMITS.maxDurationSeconds + 0.5 || stream.frames > MAX_FRAMES) throw tooLong();
  return { ...facts, durationSeconds: Math.max(facts.durationSeconds, stream.seconds) };
}

/** Whatever the timestamps say, the output never holds more than the limit. */
const OUTPUT_CAP = ['-t', String(VIDEO_LIMITS.maxDurationSeconds + 0.5), '-frames:v', String(MAX_FRAMES)];

export interface StoreVideoOptions {
  encodeTimeoutMs?: number;
  /** Store the MP4 and poster as `<folder>/<name>.mp4` and `.webp` (a job's result, written again on a retry); fresh keys without it. */
  name?: string;
}

/**
 * Checks the uploaded file at `input`, makes the MP4 and poster and stores both under `folder`.
 * The caller removes `input`; everything else made here is removed before returning.
 */
export async function storeVideo(
  storage: MediaStorage,
  folder: string,
  input: string,
  sniffed: 'mp4' | 'webm',
  { encodeTimeoutMs = ENCODE_TIMEOUT_MS, name }: StoreVideoOptions = {},
): Promise<StoredVideo> {
  const facts = await checkVideo(input);
  const work = await mkdtemp(path.join(tmpdir(), 'plaza-video-'));
  try {
    const output = path.join(work, 'out.mp4');
    const poster = await oneAtATime(async () => {
      if (isWebFriendly(facts, sniffed))
        await ffmpeg(
          ['-i', input, '-map', '0:v:0', '-map', '0:a:0?', ...OUTPUT_CAP, '-c', 'copy', '-movflags', '+faststart', output],
          encodeTimeoutMs,
        );
      else {
        await ffmpeg(
          [
            ...['-i', input, '-map', '0:v:0', '-map', '0:a:0?', ...OUTPUT_CAP, '-vf', SCALE],
            ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '26', '-pix_fmt', 'yuv420p', '-profile:v', 'high'],
            ...['-c:a', 'aac', '-b:a', '128k', '-movflags', '+faststart', output],
          ],
          encodeTimeoutMs,
        );
      }
      // A frame a little in, past a black first frame; the start for very short clips.
      const at = Math.min(1, facts.durationSeconds / 2).toFixed(2);
      return ffmpeg(['-ss', at, '-i', output, '-frames:v', '1', '-f', 'image2pipe', '-vcodec', 'png', '-']);
    });
    const { data: posterWebp, info } = await sharp(poster).webp({ quality: 80 }).toBuffer({ resolveWithObject: true });
    const video = await storage.putStream(folder, 'mp4', createReadStream(output), name);
    try {
      return { video, poster: await storage.put(folder, 'webp', posterWebp, name), facts, width: info.width, height: info.height };
    } catch (err) {
      await storage.remove(video.key);
      throw err;
    }
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

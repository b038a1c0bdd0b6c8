/** Video files for tests: real clips made by ffmpeg, and a file that only looks like an MP4. */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const madeVideos = new Map<string, Buffer>();

/**
 * A real clip made by ffmpeg from its test pattern (with a tone when `audio`): H.264/AAC MP4 or VP9 WebM,
 * `seconds` long, `width`×`height`. Made once per shape.
 */
export function realVideo({ format = 'mp4', seconds = 2, width = 320, height = 240, audio = true } = {}): Buffer {
  const key = `${format}-${seconds}-${width}x${height}-${audio}`;
  let bytes = madeVideos.get(key);
  if (!bytes) {
    const dir = mkdtempSync(path.join(tmpdir(), 'plaza-test-video-'));
    const file = path.join(dir, `clip.${format}`);
    const codec =
      format === 'mp4'
        ? ['-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac']
        : ['-c:v', 'libvpx-vp9', '-b:v', '200k', '-c:a', 'libopus'];
    execFileSync('ffmpeg', [
      ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', `testsrc=size=${width}x${height}:rate=10:duration=${seconds}`],
      ...(audio ? ['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`] : []),
      ...codec,
      ...(audio ? [] : ['-an']),
      '-shortest',
      file,
    ]);
    bytes = readFileSync(file);
    rmSync(dir, { recursive: true, force: true });
    madeVideos.set(key, bytes);
  }
  return bytes;
}

/** A minimal MP4 header (the `ftyp` box is all the type sniffing reads): not a video ffprobe can read. */
export function tinyMp4(size = 2000): Buffer {
  return Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.alloc(size)]);
}

/**
 * A WebM whose header lies: `realSeconds` of stream, with the Segment's Duration element rewritten to
 * say `claimedSeconds` (ffprobe's format duration reads that element).
 */
export function lyingWebm(realSeconds: number, claimedSeconds: number): Buffer {
  const dir = mkdtempSync(path.join(tmpdir(), 'plaza-test-video-'));
  const file = path.join(dir, 'long.webm');
  execFileSync('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', `testsrc=size=64x48:rate=2:duration=${realSeconds}`],
    ...['-c:v', 'libvpx-vp9', '-b:v', '50k', '-deadline', 'realtime', '-cpu-used', '8', file],
  ]);
  const bytes = readFileSync(file);
  rmSync(dir, { recursive: true, force: true });
  // Duration: element id 0x4489, an 8-byte float in milliseconds (the default TimecodeScale).
  const at = bytes.indexOf(Buffer.from([0x44, 0x89, 0x88]));
  if (at < 0) throw new Error('no Duration element in the WebM');
  bytes.writeDoubleBE(claimedSeconds * 1000, at + 3);
  return bytes;
}

/** A one-frame H.264 MP4 of `side`×`side` pixels: small on disk, huge to decode. */
export function hugeFrameMp4(side = 8192): Buffer {
  const dir = mkdtempSync(path.join(tmpdir(), 'plaza-test-video-'));
  const file = path.join(dir, 'huge.mp4');
  execFileSync('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', `color=c=blue:size=${side}x${side}:rate=1:duration=1`],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', file],
  ]);
  const bytes = readFileSync(file);
  rmSync(dir, { recursive: true, force: true });
  return bytes;
}

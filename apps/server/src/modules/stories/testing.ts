/** Test helpers of the stories suites: friendships (shared with the posts suites) and story uploads. */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createStoryResponseSchema } from '@plaza/contract';
import type { FastifyInstance } from 'fastify';
import { as, multipart, pngImage, type TestUser } from '../../../test/factories';
import { bodyOf } from '../../../test/replies';

/** Stories show to friends: the posts suites' helper writes the friendship (and links the timelines). */
export { befriend } from '../posts/testing';

export interface StoryFile {
  data: Buffer;
  filename?: string;
  contentType?: string;
}

export async function postStory(app: FastifyInstance, who: TestUser, file?: StoryFile, fields: Record<string, string> = {}) {
  const f = file ?? { data: await pngImage(320, 480) };
  const body = multipart(fields, [
    { field: 'media', filename: f.filename ?? 'story.png', contentType: f.contentType ?? 'image/png', data: f.data },
  ]);
  return as(app, who)({ method: 'POST', url: '/users/u/stories/create', ...body });
}

/** Creates an image story and returns its id. */
export async function createStory(app: FastifyInstance, who: TestUser, caption?: string): Promise<string> {
  const res = await postStory(app, who, undefined, caption === undefined ? {} : { caption });
  if (res.statusCode !== 201) throw new Error(`story upload failed: ${res.statusCode} ${res.body}`);
  return bodyOf(res, createStoryResponseSchema).story._id;
}

/** Moves a story into the past, as if it had been posted `hours` ago. */
export async function ageStory(app: FastifyInstance, storyId: string, hours: number, ttlHours = 24): Promise<void> {
  const created = Date.now() - hours * 3_600_000;
  await app.ctx.db
    .updateTable('stories')
    .set({ created_at: new Date(created).toISOString(), expires_at: new Date(created + ttlHours * 3_600_000).toISOString() })
    .where('id', '=', storyId)
    .execute();
}

/** A minimal MP4 header: the `ftyp` box is all the type sniffing reads. */
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

/** MP4 by its signature only: not a video ffprobe can read. */
export function tinyMp4(size = 2000): Buffer {
  return Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.alloc(size)]);
}

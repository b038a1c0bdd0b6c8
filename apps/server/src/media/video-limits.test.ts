/**
 * Issue 34, finding 4: the length limit is read from the stream, not the container's header; pictures
 * too large to decode are refused before any encoding; an encode cannot hold the encoder for long.
 */
import { VIDEO_LIMITS } from '@plaza/contract';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createUser } from '../../test/factories';
import { useTestApp } from '../../test/harness';
import { errorOf } from '../../test/replies';
import { hugeFrameMp4, lyingWebm, realVideo } from '../../test/videos';
import { sendPost, videoFile } from '../modules/posts/testing';
import { postStory } from '../modules/stories/testing';
import { probeVideo, storeVideo } from './video';

const TOO_LONG = `A video may be at most ${VIDEO_LIMITS.maxDurationSeconds} seconds long.`;

describe('video limits', () => {
  const t = useTestApp('sqlite');
  const dir = mkdtempSync(path.join(tmpdir(), 'plaza-video-limits-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('refuses a WebM whose header says 5 s but whose stream holds 300 s, in a post and in a story', async () => {
    const lying = lyingWebm(300, 5);
    const file = path.join(dir, 'lying.webm');
    writeFileSync(file, lying);
    // The premise: the header alone would pass.
    expect((await probeVideo(file)).durationSeconds).toBeLessThan(6);
    const u = await createUser(t.app);
    const post = await sendPost(t.app, u, 'long', [videoFile(lying, 'clip.webm', 'video/webm')]);
    expect(post.statusCode).toBe(400);
    expect(errorOf(post).message).toBe(TOO_LONG);
    const story = await postStory(t.app, u, { data: lying, filename: 'clip.webm', contentType: 'video/webm' });
    expect(story.statusCode).toBe(400);
    expect(errorOf(story).message).toBe(TOO_LONG);
  });

  it('refuses an 8192×8192 clip quickly, before encoding it', async () => {
    const huge = hugeFrameMp4(8192);
    const u = await createUser(t.app);
    const started = Date.now();
    const res = await sendPost(t.app, u, 'huge', [videoFile(huge)]);
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).message).toMatch(/at most 4096 pixels/);
    // Encoding it took 10 s before the check; probing alone takes well under a second on a quiet machine, so 6 s
    // leaves room for a busy one and still fails on an encode.
    expect(Date.now() - started).toBeLessThan(6000);
  });

  it('kills an encode that runs past its time and refuses the upload', async () => {
    const file = path.join(dir, 'normal.webm');
    writeFileSync(file, realVideo({ format: 'webm' }));
    const started = Date.now();
    await expect(storeVideo(t.app.ctx.storage, 'posts', file, 'webm', { encodeTimeoutMs: 50 })).rejects.toThrow(/too long to process/);
    expect(Date.now() - started).toBeLessThan(6000);
  });
});

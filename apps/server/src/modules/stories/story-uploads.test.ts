import { createStoryResponseSchema, VIDEO_LIMITS } from '@plaza/contract';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { as, createUser, pngImage, type FilePart } from '../../../test/factories';
import { dialects, useTestApp } from '../../../test/harness';
import { bodyOf, errorOf, type Reply } from '../../../test/replies';
import { filesIn } from '../../../test/storage';
import { sweepExpiredStories } from './sweep';
import { probeVideo } from '../../media/video';
import { ageStory, createStory, ownStory, postStory, realVideo, tinyMp4, videosProcessed } from './testing';

/** A multipart body whose parts keep the given order (the shared factory always sends fields first). */
function orderedMultipart(parts: Array<{ field: string; value: string } | FilePart>) {
  const boundary = `----story${Math.random().toString(16).slice(2)}`;
  const chunks = parts.flatMap((p) =>
    'value' in p
      ? [Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${p.field}"\r\n\r\n${p.value}\r\n`)]
      : [
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="${p.field}"; filename="${p.filename}"\r\nContent-Type: ${p.contentType}\r\n\r\n`,
          ),
          p.data,
          Buffer.from('\r\n'),
        ],
  );
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe.each(dialects())('story uploads and expiry on %s', (dialect) => {
  const t = useTestApp(dialect);
  const storyFiles = () => filesIn(t.app, 'stories');
  const storyRows = async () => (await t.app.ctx.db.selectFrom('stories').select('id').execute()).length;
  /** Runs a request that must be refused, and checks it left no file and no row behind. */
  const refused = async (send: () => Promise<Reply>, status: number) => {
    const [files, rows] = [storyFiles(), await storyRows()];
    const res = await send();
    expect(res.statusCode).toBe(status);
    const envelope = errorOf(res);
    expect(envelope.success).toBe(false);
    expect(storyFiles()).toEqual(files);
    expect(await storyRows()).toBe(rows);
    return envelope;
  };

  it('creates a photo story with a trimmed caption, re-encoded as WebP without EXIF, living 24 hours', async () => {
    const u = await createUser(t.app);
    const withExif = await sharp(await pngImage(800, 1200))
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: 'secret-gps' } } })
      .toBuffer();
    const res = await postStory(
      t.app,
      u,
      { data: withExif, filename: 'beach.jpg', contentType: 'image/jpeg' },
      { caption: '  Sunset at the beach  ' },
    );
    expect(res.statusCode).toBe(201);
    const { story } = bodyOf(res, createStoryResponseSchema);
    expect(story).toMatchObject({
      user: { _id: u.user._id, userName: u.user.userName },
      mediaType: 'image',
      caption: 'Sunset at the beach',
      viewed: true,
      viewCount: 0,
    });
    expect(story.mediaUrl).toMatch(/^\/media\/stories\/[0-9a-f]{32}\.webp\?exp=\d+&story=[\w-]+&viewer=[\w-]+&sig=[\w-]+$/);
    expect(Date.parse(story.expiresAt) - Date.parse(story.createdAt)).toBe(24 * 3_600_000);

    const file = await t.app.inject({ method: 'GET', url: story.mediaUrl });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('image/webp');
    const meta = await sharp(file.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['webp', 800, 1200, undefined]);
  });

  it('reads the caption whether it comes before or after the file; a blank one is null', async () => {
    const u = await createUser(t.app);
    const image: FilePart = { field: 'media', filename: 'a.png', contentType: 'image/png', data: await pngImage() };
    const after = await as(
      t.app,
      u,
    )({ method: 'POST', url: '/users/u/stories/create', ...orderedMultipart([image, { field: 'caption', value: 'after the file' }]) });
    expect(after.statusCode).toBe(201);
    expect(bodyOf(after, createStoryResponseSchema).story.caption).toBe('after the file');
    const blank = await postStory(t.app, u, undefined, { caption: '   ' });
    expect(bodyOf(blank, createStoryResponseSchema).story.caption).toBeNull();
  });

  it('refuses a caption over 200 characters with 400, before or after the file', async () => {
    const u = await createUser(t.app);
    const long = 'x'.repeat(201);
    const before = await refused(() => postStory(t.app, u, undefined, { caption: long }), 400);
    expect(before).toMatchObject({ details: [{ path: 'caption' }] });
    const image: FilePart = { field: 'media', filename: 'a.png', contentType: 'image/png', data: await pngImage() };
    await refused(
      () =>
        as(t.app, u)({ method: 'POST', url: '/users/u/stories/create', ...orderedMultipart([image, { field: 'caption', value: long }]) }),
      400,
    );
    expect((await postStory(t.app, u, undefined, { caption: 'y'.repeat(200) })).statusCode).toBe(201);
  });

  it('refuses text named .jpg with 415, a photo over 10 MB with 413, and a missing file with 400', async () => {
    const u = await createUser(t.app);
    await refused(
      () =>
        postStory(t.app, u, { data: Buffer.from('just some text, not a picture at all'), filename: 'cat.jpg', contentType: 'image/jpeg' }),
      415,
    );
    const bigPng = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(10 * 1024 * 1024)]);
    await refused(() => postStory(t.app, u, { data: bigPng, filename: 'big.png', contentType: 'image/png' }), 413);
    const none = await refused(
      () => as(t.app, u)({ method: 'POST', url: '/users/u/stories/create', ...orderedMultipart([{ field: 'caption', value: 'no file' }]) }),
      400,
    );
    expect(none).toMatchObject({ details: [{ path: 'media' }] });
  });

  it('refuses a video over 50 MB with 413 and keeps no partial file', async () => {
    const u = await createUser(t.app);
    const envelope = await refused(
      () => postStory(t.app, u, { data: tinyMp4(50 * 1024 * 1024), filename: 'long.mp4', contentType: 'video/mp4' }),
      413,
    );
    expect(envelope).toMatchObject({ message: 'A story video may be at most 50 MB.' });
  });

  it('takes an MP4 video whatever the name: processing at first, then web-friendly, with a poster, served with range support', async () => {
    const u = await createUser(t.app);
    const res = await postStory(t.app, u, { data: realVideo(), filename: 'holiday.jpg', contentType: 'image/jpeg' });
    expect(res.statusCode).toBe(201);
    const uploaded = bodyOf(res, createStoryResponseSchema).story;
    expect(uploaded).toMatchObject({ mediaType: 'video', caption: null, status: 'processing' });
    // Nothing to play yet: the URLs it will have answer 404 until the job is done.
    expect((await t.app.inject({ method: 'GET', url: uploaded.mediaUrl })).statusCode).toBe(404);
    await videosProcessed(t.app);
    const story = await ownStory(t.app, u, uploaded._id);
    expect(story).toMatchObject({ mediaType: 'video', caption: null });
    expect(story.status).toBeUndefined();
    expect(story.mediaUrl.split('?')[0]).toBe(uploaded.mediaUrl.split('?')[0]);
    expect(story.mediaUrl).toMatch(/^\/media\/stories\/[0-9a-f]{32}\.mp4\?exp=\d+&story=[\w-]+&viewer=[\w-]+&sig=[\w-]+$/);
    expect(story.posterUrl).toMatch(/^\/media\/stories\/[0-9a-f]{32}\.webp\?exp=\d+&story=[\w-]+&viewer=[\w-]+&sig=[\w-]+$/);

    const stored = readFileSync(t.app.ctx.storage.pathOf(t.app.ctx.storage.keyOf(story.mediaUrl.split('?')[0])!));
    const facts = await probeVideo(t.app.ctx.storage.pathOf(t.app.ctx.storage.keyOf(story.mediaUrl.split('?')[0])!));
    expect(facts).toMatchObject({ videoCodec: 'h264', audioCodec: 'aac', width: 320, height: 240 });
    // Faststart: the index (moov) comes before the media data (mdat).
    expect(stored.indexOf('moov')).toBeLessThan(stored.indexOf('mdat'));
    const part = await t.app.inject({ method: 'GET', url: story.mediaUrl, headers: { range: 'bytes=0-99' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-type']).toContain('video/mp4');
    expect(part.headers['content-range']).toBe(`bytes 0-99/${stored.length}`);
    expect(part.rawPayload.equals(stored.subarray(0, 100))).toBe(true);
    expect(part.headers['cache-control']).toMatch(/^private, max-age=\d+$/);

    const poster = await t.app.inject({ method: 'GET', url: story.posterUrl! });
    expect(poster.statusCode).toBe(200);
    expect(await sharp(poster.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 320, height: 240 });
    // Like the video, the poster is private: the bare path is refused.
    expect((await t.app.inject({ method: 'GET', url: story.posterUrl!.split('?')[0] })).statusCode).toBeGreaterThanOrEqual(401);
  }, 60_000);

  it('re-encodes WebM (and anything larger than 1280 px) to H.264/AAC MP4', async () => {
    const u = await createUser(t.app);
    const res = await postStory(t.app, u, {
      data: realVideo({ format: 'webm', width: 1600, height: 900 }),
      filename: 'clip.bin',
      contentType: 'application/octet-stream',
    });
    expect(res.statusCode).toBe(201);
    await videosProcessed(t.app);
    const story = await ownStory(t.app, u, bodyOf(res, createStoryResponseSchema).story._id);
    expect(story.mediaUrl).toMatch(/\.mp4\?/);
    const facts = await probeVideo(t.app.ctx.storage.pathOf(t.app.ctx.storage.keyOf(story.mediaUrl.split('?')[0])!));
    expect(facts).toMatchObject({ videoCodec: 'h264', audioCodec: 'aac', width: 1280, height: 720 });
  }, 60_000);

  it('refuses a video longer than the limit with 400 and one ffprobe cannot read with 415, keeping nothing', async () => {
    const u = await createUser(t.app);
    const long = await refused(
      () =>
        postStory(t.app, u, {
          data: realVideo({ seconds: VIDEO_LIMITS.maxDurationSeconds + 5, width: 64, height: 48, audio: false }),
          filename: 'long.mp4',
          contentType: 'video/mp4',
        }),
      400,
    );
    expect(long).toMatchObject({
      message: `A video may be at most ${VIDEO_LIMITS.maxDurationSeconds} seconds long.`,
      details: [{ path: 'media' }],
    });
    await refused(() => postStory(t.app, u, { data: tinyMp4(), filename: 'fake.mp4', contentType: 'video/mp4' }), 415);
  });

  it('the sweep deletes expired stories and their files, and keeps live ones', async () => {
    const u = await createUser(t.app);
    const expired = await createStory(t.app, u);
    const live = await createStory(t.app, u);
    const urlOf = async (id: string) =>
      (await t.app.ctx.db.selectFrom('stories').select('media_url').where('id', '=', id).executeTakeFirstOrThrow()).media_url;
    const [expiredFile, liveFile] = [path.basename(await urlOf(expired)), path.basename(await urlOf(live))];
    await ageStory(t.app, expired, 25);

    expect(await sweepExpiredStories(t.app.ctx)).toBeGreaterThanOrEqual(1);
    const left = (await t.app.ctx.db.selectFrom('stories').select('id').where('id', 'in', [expired, live]).execute()).map((r) => r.id);
    expect(left).toEqual([live]);
    expect(storyFiles()).not.toContain(expiredFile);
    expect(storyFiles()).toContain(liveFile);
    expect(await sweepExpiredStories(t.app.ctx)).toBe(0);
  });
});

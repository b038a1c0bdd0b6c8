import { feedResponseSchema, postResponseSchema, VIDEO_LIMITS } from '@plaza/contract';
import { existsSync, readFileSync } from 'node:fs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { as, createUser, pngImage } from '../../../test/factories';
import { dialects, useTestApp } from '../../../test/harness';
import { bodyOf, errorOf } from '../../../test/replies';
import { filesIn as filesInStorage } from '../../../test/storage';
import { realVideo, tinyMp4 } from '../../../test/videos';
import { probeVideo } from '../../media/video';
import { befriend, imageFile, postAsAuthor, sendPost, videoFile, videosProcessed } from './testing';

describe.each(dialects())('videos in posts on %s', (dialect) => {
  const t = useTestApp(dialect);
  const fileOf = (url: string) => t.app.ctx.storage.pathOf(t.app.ctx.storage.keyOf(url)!);
  const filesIn = (folder: string) => filesInStorage(t.app, folder);

  it('answers at once with the video processing, then makes it a web-friendly MP4 with a poster that friends see', async () => {
    const ada = await createUser(t.app);
    const bob = await createUser(t.app);
    await befriend(t.app, ada, bob);
    const res = await sendPost(t.app, ada, 'look at this', [videoFile(realVideo(), 'holiday.jpg', 'image/jpeg')]);
    expect(res.statusCode).toBe(201);
    const post = bodyOf(res, postResponseSchema).post;
    expect(post.media).toEqual([expect.objectContaining({ type: 'video', status: 'processing', width: 320, height: 240 })]);

    await videosProcessed(t.app);
    const [video] = (await postAsAuthor(t.app, ada, post._id)).media;
    expect(video).toMatchObject({ type: 'video', width: 320, height: 240 });
    expect(video.status).toBeUndefined();
    expect(video.durationSeconds).toBeCloseTo(2, 0);
    // The URLs the processing video announced are the ready one's.
    expect(video.url).toBe(post.media[0].url);
    expect(video.url).toMatch(/^\/media\/posts\/[0-9a-f]{32}\.mp4$/);
    expect(video.thumbUrl).toMatch(/^\/media\/posts\/[0-9a-f]{32}\.webp$/);

    const stored = readFileSync(fileOf(video.url));
    expect(await probeVideo(fileOf(video.url))).toMatchObject({ videoCodec: 'h264', audioCodec: 'aac' });
    // Faststart: the index (moov) comes before the media data (mdat), so playback starts at once.
    expect(stored.indexOf('moov')).toBeLessThan(stored.indexOf('mdat'));
    const part = await t.app.inject({ method: 'GET', url: video.url, headers: { range: 'bytes=0-99' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-type']).toContain('video/mp4');
    const poster = await t.app.inject({ method: 'GET', url: video.thumbUrl });
    expect(await sharp(poster.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 320, height: 240 });
    // The upload as it came is gone once the video plays.
    expect(filesIn('uploads')).toEqual([]);

    const feed = await as(t.app, bob)({ method: 'GET', url: `/posts/${bob.user.userName}/feeds` });
    expect(bodyOf(feed, feedResponseSchema).data.feeds[0].media).toEqual([video]);
  });

  it('re-encodes WebM (and anything larger than 1280 px) to H.264/AAC MP4 and says its new size', async () => {
    const ada = await createUser(t.app);
    const res = await sendPost(t.app, ada, undefined, [
      videoFile(realVideo({ format: 'webm', width: 1600, height: 900 }), 'clip.webm', 'video/webm'),
    ]);
    expect(res.statusCode).toBe(201);
    const post = bodyOf(res, postResponseSchema).post;
    expect(post.media[0]).toMatchObject({ status: 'processing', width: 1280, height: 720 });
    await videosProcessed(t.app);
    const [video] = (await postAsAuthor(t.app, ada, post._id)).media;
    expect(video).toMatchObject({ type: 'video', width: 1280, height: 720 });
    expect(await probeVideo(fileOf(video.url))).toMatchObject({ videoCodec: 'h264', audioCodec: 'aac', width: 1280, height: 720 });
  });

  it('refuses at once a video that is too long, unreadable, not a video, or beside images, keeping no file', async () => {
    const ada = await createUser(t.app);
    const before = [filesIn('posts'), filesIn('uploads')];
    const long = await sendPost(t.app, ada, 'long', [
      videoFile(realVideo({ seconds: VIDEO_LIMITS.maxDurationSeconds + 5, width: 64, height: 48, audio: false })),
    ]);
    expect(long.statusCode).toBe(400);
    expect(errorOf(long).message).toBe(`A video may be at most ${VIDEO_LIMITS.maxDurationSeconds} seconds long.`);
    expect((await sendPost(t.app, ada, 'fake', [videoFile(tinyMp4())])).statusCode).toBe(415);
    expect((await sendPost(t.app, ada, 'png', [videoFile(await pngImage(64, 64), 'a.png', 'image/png')])).statusCode).toBe(415);
    const both = await sendPost(t.app, ada, 'both', [imageFile(await pngImage(64, 64)), videoFile(realVideo())]);
    expect(both.statusCode).toBe(400);
    expect(errorOf(both).message).toBe('A post may have up to four images or one video, not both.');
    const bothAfter = await sendPost(t.app, ada, 'both', [videoFile(realVideo()), imageFile(await pngImage(64, 64))]);
    expect(bothAfter.statusCode).toBe(400);
    expect([filesIn('posts'), filesIn('uploads')]).toEqual(before);
    expect(await t.app.ctx.db.selectFrom('posts').select('id').where('author_id', '=', ada.user._id).execute()).toEqual([]);
  });

  it('removes the video and its poster when the author takes the video off or deletes the post', async () => {
    const ada = await createUser(t.app);
    const send = async () => {
      const { _id } = bodyOf(await sendPost(t.app, ada, 'clip', [videoFile(realVideo())]), postResponseSchema).post;
      await videosProcessed(t.app);
      return postAsAuthor(t.app, ada, _id);
    };
    const edited = await send();
    const editedFiles = [edited.media[0].url, edited.media[0].thumbUrl].map(fileOf);
    const res = await as(t.app, ada)({ method: 'PATCH', url: `/posts/${edited._id}`, payload: { removeMedia: [edited.media[0].url] } });
    expect(bodyOf(res, postResponseSchema).post.media).toEqual([]);
    expect(editedFiles.filter((f) => existsSync(f))).toEqual([]);

    const deleted = await send();
    const deletedFiles = [deleted.media[0].url, deleted.media[0].thumbUrl].map(fileOf);
    expect(deletedFiles.every((f) => existsSync(f))).toBe(true);
    expect((await as(t.app, ada)({ method: 'DELETE', url: `/posts/${deleted._id}` })).statusCode).toBe(200);
    expect(deletedFiles.filter((f) => existsSync(f))).toEqual([]);
  });
});

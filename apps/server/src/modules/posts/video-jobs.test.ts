/**
 * A post's video is made playable by a `video` job, not in its upload request: the upload answers with
 * the video processing, a worker (another process when the roles are split) encodes it, and the author
 * and their friends are told live; a video that cannot be made playable ends marked failed.
 */
import { postResponseSchema, type PostMediaEvent } from '@plaza/contract';
import type { FastifyInstance } from 'fastify';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { createUser, type TestUser } from '../../../test/factories';
import { dialects, useTestApp } from '../../../test/harness';
import { bodyOf } from '../../../test/replies';
import { useSameDatabase } from '../../../test/same-database';
import { filesIn } from '../../../test/storage';
import { queueStats, quickWorker } from '../../../test/video-jobs';
import { startWorkerProcess } from '../../../test/worker-process';
import { realVideo, tinyMp4 } from '../../../test/videos';
import { QUEUES } from '../../jobs/jobs';
import { collect, connectAs, sleep } from '../chat/testing';
import { befriend, postAsAuthor, sendPost, videoFile, videosProcessed } from './testing';
import { startPostVideos } from './video-processing';

async function postVideo(app: FastifyInstance, who: TestUser, video = realVideo()) {
  const started = Date.now();
  const res = await sendPost(app, who, 'a clip', [videoFile(video)]);
  expect(res.statusCode).toBe(201);
  return { post: bodyOf(res, postResponseSchema).post, ms: Date.now() - started };
}

describe.each(dialects())('post videos as jobs on %s', (dialect) => {
  const shared = useSameDatabase(dialect);

  it('the upload answers while the job waits; a worker process makes it playable and the web node serves it', async () => {
    const web = await shared.start({ PLAZA_ROLE: 'web' });
    const ada = await createUser(web);
    const { post } = await postVideo(web, ada, realVideo({ format: 'webm' }));
    expect(post.media[0]).toMatchObject({ type: 'video', status: 'processing' });
    await web.ctx.events.settled();
    // Nobody works the queue on a web node: the job waits, the original kept.
    await sleep(300);
    expect(await queueStats(web, 'video')).toMatchObject({ waiting: 1, active: 0, failed: 0 });
    expect((await postAsAuthor(web, ada, post._id)).media[0].status).toBe('processing');
    expect(filesIn(web, 'uploads')).toHaveLength(1);
    // The original is never served, not even to its author.
    const original = await web.inject({ method: 'GET', url: `/media/uploads/${filesIn(web, 'uploads')[0]}` });
    expect(original.statusCode).toBe(404);

    const worker = await shared.start({ PLAZA_ROLE: 'worker' });
    await videosProcessed(worker);
    const [video] = (await postAsAuthor(web, ada, post._id)).media;
    expect(video.status).toBeUndefined();
    expect(video.url).toBe(post.media[0].url);
    expect((await web.inject({ method: 'GET', url: video.url })).statusCode).toBe(200);
    expect((await web.inject({ method: 'GET', url: video.thumbUrl })).statusCode).toBe(200);
    expect(filesIn(web, 'uploads')).toEqual([]);
    expect(await queueStats(web, 'video')).toMatchObject({ waiting: 0, active: 0, failed: 0 });
  });

  it('marks the video failed once the last attempt fails, and at once when the file cannot be made playable', async () => {
    const web = await shared.start({ PLAZA_ROLE: 'web' });
    const ada = await createUser(web);
    // The original lost (storage trouble): every attempt fails, the last marks it failed.
    const lost = await postVideo(web, ada);
    await web.ctx.events.settled();
    const [kept] = filesIn(web, 'uploads');
    await web.ctx.storage.remove(`uploads/${kept}`);
    // Replaced by something ffmpeg cannot read: refused on the first attempt.
    const broken = await postVideo(web, ada);
    await web.ctx.events.settled();
    const [brokenFile] = filesIn(web, 'uploads');
    writeFileSync(path.join(web.ctx.storage.root, 'uploads', brokenFile), tinyMp4());

    const jobs = quickWorker(web, startPostVideos);
    // Retries wait out their back-off, when `drained` sees nothing due: asked until settled.
    for (const { post } of [lost, broken]) {
      await expect
        .poll(async () => (await postAsAuthor(web, ada, post._id)).media[0], { timeout: 20_000 })
        .toMatchObject({ type: 'video', status: 'failed' });
    }
    expect(filesIn(web, 'uploads')).toEqual([]);
    // Only the one that failed for want of a file waits in the dead-letter list: a bad file is the file's fault.
    await expect
      .poll(async () => (await jobs.deadLetters('video', 10)).map((d) => [d.id, d.attempts]))
      .toEqual([[`video:${lost.post._id}`, QUEUES.video.attempts]]);
  });

  it('a second run of a finished job changes nothing: no encode over the played files, nothing stored again', async () => {
    const web = await shared.start({ PLAZA_ROLE: 'web' });
    const ada = await createUser(web);
    const { post } = await postVideo(web, ada);
    await web.ctx.events.settled();
    const [kept] = filesIn(web, 'uploads');
    const name = path.basename(post.media[0].url, '.mp4');
    const job = { postId: post._id, sourceKey: `uploads/${kept}`, sniffed: 'mp4' as const, name };
    const jobs = quickWorker(web, startPostVideos);
    await jobs.drained();
    const done = await postAsAuthor(web, ada, post._id);
    const files = filesIn(web, 'posts');
    // The same work asked for again (a redelivered event, a retry after a lost acknowledgement).
    await jobs.enqueue('video', job, { jobId: `video:${post._id}:again` });
    await jobs.drained();
    expect(await postAsAuthor(web, ada, post._id)).toEqual(done);
    expect(filesIn(web, 'posts')).toEqual(files);
  });
});

describe('a worker killed mid-encode', () => {
  const shared = useSameDatabase('sqlite');
  /** Quick polls, and a hold that runs out a second after its worker died. */
  const QUICK = { OUTBOX_POLL_MS: '50', OUTBOX_LEASE_MS: '1000' };

  it('loses nothing and doubles nothing: the next worker encodes it again, over the same two files', async () => {
    const web = await shared.start({ ...QUICK, PLAZA_ROLE: 'web' });
    const ada = await createUser(web);
    const worker = await startWorkerProcess({ ...shared.env, ...QUICK });
    const exited = new Promise((resolve) => worker.once('exit', resolve));
    let post;
    try {
      // Larger than 1280 px: re-encoded, which takes a while.
      ({ post } = await postVideo(web, ada, realVideo({ width: 1600, height: 900, seconds: 20 })));
      await vi.waitFor(async () => expect(await queueStats(web, 'video')).toMatchObject({ active: 1 }), { timeout: 30_000, interval: 10 });
    } finally {
      worker.kill('SIGKILL');
    }
    await exited;
    expect((await postAsAuthor(web, ada, post._id)).media[0].status).toBe('processing');
    expect(await queueStats(web, 'video')).toMatchObject({ failed: 0 });
    expect(filesIn(web, 'uploads')).toHaveLength(1);

    const next = await shared.start({ ...QUICK, PLAZA_ROLE: 'worker' });
    await vi.waitFor(async () => expect((await postAsAuthor(web, ada, post._id)).media[0].status).toBeUndefined(), {
      timeout: 60_000,
      interval: 100,
    });
    await videosProcessed(next);
    const [video] = (await postAsAuthor(web, ada, post._id)).media;
    expect(video).toMatchObject({ width: 1280, height: 720 });
    const name = path.basename(video.url, '.mp4');
    expect(filesIn(web, 'posts').filter((f) => f.startsWith(name))).toEqual([`${name}.mp4`, `${name}.webp`]);
    expect(filesIn(web, 'uploads')).toEqual([]);
    expect(await queueStats(web, 'video')).toMatchObject({ waiting: 0, active: 0, failed: 0 });
  }, 120_000);
});

describe('post videos told live', () => {
  const t = useTestApp('sqlite', {}, { listen: true });

  it("swaps the author's and friends' placeholder for the player: socket postMedia, to no stranger", async () => {
    const [ada, bob, eve] = [await createUser(t.app), await createUser(t.app), await createUser(t.app)];
    await befriend(t.app, ada, bob);
    const sockets = await Promise.all([ada, bob, eve].map((u) => connectAs(t.url, u)));
    const [toAda, toBob, toEve] = sockets.map((s): PostMediaEvent[] => collect(s, 'postMedia'));
    try {
      const { post } = await postVideo(t.app, ada);
      await videosProcessed(t.app);
      const ready = (await postAsAuthor(t.app, ada, post._id)).media;
      await expect.poll(() => toBob).toEqual([{ postId: post._id, media: ready }]);
      await expect.poll(() => toAda).toEqual([{ postId: post._id, media: ready }]);
      await sleep(200);
      expect(toEve).toEqual([]);
    } finally {
      sockets.forEach((s) => s.close());
    }
  });
});

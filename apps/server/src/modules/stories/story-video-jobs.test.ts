/**
 * A story's video is made playable by a `storyVideo` job, not in its upload request: the upload answers
 * with the story processing, which only its author sees; a worker (another process when the roles are
 * split) encodes it, and then it enters the friends' trays, told live; a video that cannot be made
 * playable ends failed, which friends never see.
 */
import { createStoryResponseSchema, type Story, type StoryMediaEvent } from '@plaza/contract';
import type { FastifyInstance } from 'fastify';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { as, createUser, type TestUser } from '../../../test/factories';
import { dialects, useTestApp } from '../../../test/harness';
import { bodyOf } from '../../../test/replies';
import { useSameDatabase } from '../../../test/same-database';
import { filesIn } from '../../../test/storage';
import { queueStats, quickWorker } from '../../../test/video-jobs';
import { QUEUES } from '../../jobs/jobs';
import { collect, connectAs, sleep } from '../chat/testing';
import { befriend, ownStory, postStory, realVideo, tinyMp4, trayOf, videosProcessed } from './testing';
import { startStoryVideos } from './video-processing';

async function postVideoStory(app: FastifyInstance, who: TestUser, video = realVideo()): Promise<Story> {
  const res = await postStory(app, who, { data: video, filename: 'clip.mp4', contentType: 'video/mp4' });
  expect(res.statusCode).toBe(201);
  return bodyOf(res, createStoryResponseSchema).story;
}

const ids = (stories: Story[]) => stories.map((s) => s._id);

describe.each(dialects())('story videos as jobs on %s', (dialect) => {
  const shared = useSameDatabase(dialect);

  it('the upload answers while the job waits, seen by the author alone; a worker process makes it playable for friends', async () => {
    const web = await shared.start({ PLAZA_ROLE: 'web' });
    const [ada, bob] = [await createUser(web), await createUser(web)];
    await befriend(web, ada, bob);
    const uploaded = await postVideoStory(web, ada, realVideo({ format: 'webm' }));
    expect(uploaded).toMatchObject({ mediaType: 'video', status: 'processing' });
    await web.ctx.events.settled();
    // Nobody works the queue on a web node: the job waits, the original kept and never served.
    await sleep(300);
    expect(await queueStats(web, 'storyVideo')).toMatchObject({ waiting: 1, active: 0, failed: 0 });
    expect(filesIn(web, 'uploads')).toHaveLength(1);
    expect((await web.inject({ method: 'GET', url: `/media/uploads/${filesIn(web, 'uploads')[0]}` })).statusCode).toBe(404);
    expect((await ownStory(web, ada, uploaded._id)).status).toBe('processing');
    // The friend does not see it yet: not in the tray, not to watch.
    expect(ids(await trayOf(web, bob))).toEqual([]);
    const early = await as(web, bob)({ method: 'POST', url: `/users/u/stories/s/${uploaded._id}/view` });
    expect(early.statusCode).toBe(404);

    const worker = await shared.start({ PLAZA_ROLE: 'worker' });
    await videosProcessed(worker);
    const ready = await ownStory(web, ada, uploaded._id);
    expect(ready.status).toBeUndefined();
    const [seen] = await trayOf(web, bob);
    expect(seen).toMatchObject({ _id: uploaded._id, mediaType: 'video' });
    expect(seen.status).toBeUndefined();
    const played = await web.inject({ method: 'GET', url: seen.mediaUrl });
    expect(played.statusCode).toBe(200);
    expect(played.headers['content-type']).toContain('video/mp4');
    expect((await web.inject({ method: 'GET', url: seen.posterUrl! })).statusCode).toBe(200);
    expect(filesIn(web, 'uploads')).toEqual([]);
    expect(await queueStats(web, 'storyVideo')).toMatchObject({ waiting: 0, active: 0, failed: 0 });
  }, 60_000);

  it('marks the story failed once the last attempt fails, and at once when the file cannot be made playable; friends never see it', async () => {
    const web = await shared.start({ PLAZA_ROLE: 'web' });
    const [ada, bob] = [await createUser(web), await createUser(web)];
    await befriend(web, ada, bob);
    // The original lost (storage trouble): every attempt fails, the last marks it failed.
    const lost = await postVideoStory(web, ada);
    await web.ctx.events.settled();
    const [kept] = filesIn(web, 'uploads');
    await web.ctx.storage.remove(`uploads/${kept}`);
    // Replaced by something ffmpeg cannot read: refused on the first attempt.
    const broken = await postVideoStory(web, ada);
    await web.ctx.events.settled();
    const [brokenFile] = filesIn(web, 'uploads');
    writeFileSync(path.join(web.ctx.storage.root, 'uploads', brokenFile), tinyMp4());

    const jobs = quickWorker(web, startStoryVideos);
    for (const story of [lost, broken]) {
      await expect.poll(async () => (await ownStory(web, ada, story._id)).status, { timeout: 20_000 }).toBe('failed');
    }
    expect(ids(await trayOf(web, bob))).toEqual([]);
    expect(filesIn(web, 'uploads')).toEqual([]);
    // Only the one that failed for want of a file waits in the dead-letter list: a bad file is the file's fault.
    await expect
      .poll(async () => (await jobs.deadLetters('storyVideo', 10)).map((d) => [d.id, d.attempts]))
      .toEqual([[`storyVideo:${lost._id}`, QUEUES.storyVideo.attempts]]);
    // The author can take it away.
    const deleted = await as(web, ada)({ method: 'DELETE', url: `/users/u/stories/s/${lost._id}` });
    expect(deleted.statusCode).toBe(200);
  }, 60_000);

  it('a story deleted while processing leaves nothing behind once its job runs', async () => {
    const web = await shared.start({ PLAZA_ROLE: 'web' });
    const ada = await createUser(web);
    const story = await postVideoStory(web, ada);
    await web.ctx.events.settled();
    expect(filesIn(web, 'uploads')).toHaveLength(1);
    expect((await as(web, ada)({ method: 'DELETE', url: `/users/u/stories/s/${story._id}` })).statusCode).toBe(200);
    const jobs = quickWorker(web, startStoryVideos);
    await jobs.drained();
    expect(filesIn(web, 'uploads')).toEqual([]);
    const name = path.basename(story.mediaUrl.split('?')[0], '.mp4');
    expect(filesIn(web, 'stories').filter((f) => f.startsWith(name))).toEqual([]);
  }, 60_000);
});

describe('story videos told live', () => {
  // A web node: the test's own worker runs the jobs once the files are as the test wants them.
  const t = useTestApp('sqlite', { PLAZA_ROLE: 'web' }, { listen: true });

  it('tells the author and friends when it plays, the author alone when it failed, and no stranger', async () => {
    const [ada, bob, eve] = [await createUser(t.app), await createUser(t.app), await createUser(t.app)];
    await befriend(t.app, ada, bob);
    const sockets = await Promise.all([ada, bob, eve].map((u) => connectAs(t.url, u)));
    const [toAda, toBob, toEve] = sockets.map((s): StoryMediaEvent[] => collect(s, 'storyMedia'));
    try {
      const ready = await postVideoStory(t.app, ada);
      const broken = await postVideoStory(t.app, ada);
      await t.app.ctx.events.settled();
      const { source_key } = await t.app.ctx.db
        .selectFrom('stories')
        .select('source_key')
        .where('id', '=', broken._id)
        .executeTakeFirstOrThrow();
      writeFileSync(t.app.ctx.storage.pathOf(source_key!), tinyMp4());
      const jobs = quickWorker(t.app, startStoryVideos);
      await jobs.drained();
      await t.app.ctx.events.settled();

      const told = { storyId: ready._id, authorId: ada.user._id };
      const failed = { storyId: broken._id, authorId: ada.user._id, status: 'failed' };
      await expect.poll(() => toBob).toEqual([told]);
      await expect.poll(() => toAda).toHaveLength(2);
      expect(toAda).toEqual(expect.arrayContaining([told, failed]));
      await sleep(200);
      expect(toBob).toEqual([told]);
      expect(toEve).toEqual([]);
    } finally {
      sockets.forEach((s) => s.close());
    }
  }, 60_000);
});

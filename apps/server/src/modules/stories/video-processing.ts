/**
 * A story's video made playable after the story was stored (docs/decisions/videos.md), as posts' are:
 * the upload checked and kept the original and stored the story `processing`; `storyVideoUploaded`,
 * recorded with it, becomes a `storyVideo` job, which whichever process works the queues runs. The encode
 * (media/video.ts, one at a time per process whatever the queue) stores the MP4 and poster under the name
 * chosen at upload, the story becomes ready only while it is still processing, the original is removed,
 * and the author and their friends are told (socket `storyMedia`): the story enters the friends' trays
 * only now. When the last attempt fails, or the file cannot be made playable at all, it is marked `failed`,
 * which only the author sees.
 *
 * A second run changes nothing: a worker killed mid-encode leaves the job to be run again, which writes
 * the same two files over again; a run that finds the story ready, failed or deleted only removes what is left.
 */
import type { AppContext } from '../../context';
import { QUEUES, type JobPayloads } from '../../jobs/jobs';
import { nowIso } from '../../lib/ids';
import { encodeVideoOriginal, refusedForGood } from '../../media/video-originals';
import { friendIdsOf } from '../people';
import { cachedHiddenAmong } from '../safety';
import { storyRepo } from './repo';

type StoryVideoJob = JobPayloads['storyVideo'];

export function startStoryVideos(ctx: AppContext): () => void {
  const stories = storyRepo(ctx.db);
  const hiddenAmong = cachedHiddenAmong(ctx.db, ctx.events);
  const log = ctx.log.child({ part: 'story-videos' });

  const processing = async (job: StoryVideoJob) => (await stories.findById(job.storyId))?.status === 'processing';

  /** The author always; their friends (but the hidden) only when it plays, since a failed story never reaches them. */
  async function tell(storyId: string, status?: 'failed'): Promise<void> {
    const row = await stories.findById(storyId);
    if (!row) return;
    const friends = status ? [] : await friendIdsOf(ctx.db, row.user_id);
    const hidden = await hiddenAmong(row.user_id, friends, nowIso());
    const userIds = [row.user_id, ...friends.filter((id) => !hidden.has(id))];
    ctx.events.publish('storyMediaStored', { storyId, authorId: row.user_id, ...(status ? { status } : {}), userIds });
  }

  ctx.jobs.registerWorker('storyVideo', async (job, { attempt }) => {
    // Done by an earlier run that died before removing the original, or deleted (or expired) meanwhile.
    if (!(await processing(job))) {
      await ctx.storage.remove(job.sourceKey);
      return;
    }
    let video;
    try {
      video = await encodeVideoOriginal(ctx.storage, 'stories', job);
    } catch (err) {
      if (!(await processing(job))) return;
      const refused = refusedForGood(err);
      if (!refused && attempt < QUEUES.storyVideo.attempts) throw err;
      log.warn({ err, storyId: job.storyId }, 'a story’s video could not be made playable');
      const failed = await stories.settleVideo(job.storyId, 'failed');
      await ctx.storage.remove(job.sourceKey).catch(() => undefined);
      if (failed) await tell(job.storyId, 'failed');
      if (!refused) throw err;
      return;
    }
    const ready = await stories.settleVideo(job.storyId, null);
    // Deleted meanwhile: the deletion removed the names it knew, but the files came after it.
    if (!ready && !(await stories.findById(job.storyId))) {
      await Promise.all([video.video.key, video.poster.key].map((key) => ctx.storage.remove(key)));
    }
    await ctx.storage.remove(job.sourceKey);
    if (ready) await tell(job.storyId);
  });

  // The event is done once the job is stored; if it cannot be (Redis away), the outbox retries it.
  return ctx.events.subscribe('storyVideoUploaded', (video) =>
    ctx.jobs.enqueue('storyVideo', video, { jobId: `storyVideo:${video.storyId}` }),
  );
}

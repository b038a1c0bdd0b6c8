/**
 * The video job that posts and stories share (docs/decisions/videos.md): the upload kept the original and
 * stored its item (a post's media, a story) with the video `processing`; the job encodes it under the name
 * chosen at upload, settles the item ready only while it still holds that video processing, removes the
 * original and tells who sees the item. When the last attempt fails, or the file cannot be made playable at
 * all, the item is settled failed. Each feature says through a `VideoItem` how its item is read, settled and
 * told of; the steps and their order are the same for both.
 *
 * A second run changes nothing: a worker killed mid-encode leaves the job to be run again, which writes the
 * same two files over again; a run that finds the item settled already, or gone, only removes what is left.
 */
import type { CoreContext } from '../context';
import { QUEUES, type JobPayloads } from '../jobs/jobs';
import type { StoredVideo } from './video';
import { encodeVideoOriginal, refusedForGood } from './video-originals';

/** The queues whose jobs make an uploaded video playable. */
type VideoQueue = 'video' | 'storyVideo';

/**
 * What the job asks of the feature whose item holds the video. `Settled` is what settling returns for
 * `tell` (the post's media as stored, or whether the story is ready or failed); null means the item no
 * longer held the video processing, so nothing changed and nobody is told.
 */
export interface VideoItem<Job, Settled> {
  /** Names the job's log part (`post-videos`) and its warning (`a post’s video …`, with `postId`). */
  kind: 'post' | 'story';
  /** The storage folder the MP4 and poster go to. */
  folder: string;
  idOf(job: Job): string;
  /** Whether the item still holds the job's video, processing. */
  processing(job: Job): Promise<boolean>;
  markReady(job: Job, video: StoredVideo): Promise<Settled | null>;
  markFailed(job: Job): Promise<Settled | null>;
  /** Whether the item, not settled ready, still refers to the files just stored (otherwise they are removed). */
  keepsFiles(job: Job, video: StoredVideo): Promise<boolean>;
  tell(job: Job, settled: Settled): Promise<void>;
}

/** Registers the worker of `queue`, which makes each job's video playable for `item`. */
export function workVideoJobs<Q extends VideoQueue, Settled>(
  ctx: Pick<CoreContext, 'jobs' | 'storage' | 'log'>,
  queue: Q,
  item: VideoItem<JobPayloads[Q], Settled>,
): void {
  const log = ctx.log.child({ part: `${item.kind}-videos` });

  ctx.jobs.registerWorker(queue, async (job, { attempt }) => {
    // Done by an earlier run that died before removing the original, or the item deleted (or the video taken
    // off) meanwhile: only the original may be left. Never encoded again over files being played.
    if (!(await item.processing(job))) {
      await ctx.storage.remove(job.sourceKey);
      return;
    }
    let video: StoredVideo;
    try {
      video = await encodeVideoOriginal(ctx.storage, item.folder, job);
    } catch (err) {
      // Gone or taken off meanwhile (its original with it): nothing is left to do.
      if (!(await item.processing(job))) return;
      const refused = refusedForGood(err);
      if (!refused && attempt < QUEUES[queue].attempts) throw err;
      log.warn({ err, [`${item.kind}Id`]: item.idOf(job) }, `a ${item.kind}’s video could not be made playable`);
      const failed = await item.markFailed(job);
      await ctx.storage.remove(job.sourceKey).catch(() => undefined);
      if (failed !== null) await item.tell(job, failed);
      if (!refused) throw err;
      return;
    }
    const ready = await item.markReady(job, video);
    // Deleted or taken off meanwhile: the deletion or edit removed the names it knew, but the files came after it.
    if (ready === null && !(await item.keepsFiles(job, video))) {
      await Promise.all([video.video.key, video.poster.key].map((key) => ctx.storage.remove(key).catch(() => undefined)));
    }
    await ctx.storage.remove(job.sourceKey);
    if (ready !== null) await item.tell(job, ready);
  });
}

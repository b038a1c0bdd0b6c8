/**
 * A post's video made playable after the post was published (docs/decisions/videos.md). The upload
 * checked and kept the original and stored the post with its video `processing`; `postVideoUploaded`,
 * recorded with the post, becomes a `video` job, which whichever process works the queues runs: the
 * encode (media/video.ts) stores the MP4 and poster under the name chosen at upload, the post's media
 * are swapped to the ready video only while they still hold the processing one, the original is
 * removed, and the author and their friends are told (socket `postMedia`).
 *
 * A second run changes nothing: a worker killed mid-encode leaves the job to be run again, which writes
 * the same two files over again; a run that finds the video ready already (or the post deleted, or the
 * video taken off in an edit) only removes what is left. When the last attempt fails, or the file
 * cannot be made playable at all, the video is marked `failed`.
 */
import type { PostMedia } from '@plaza/contract';
import type { AppContext } from '../../context';
import { retryTransient } from '../../db/retry';
import { QUEUES, type JobPayloads } from '../../jobs/jobs';
import { nowIso } from '../../lib/ids';
import { encodeVideoOriginal, refusedForGood } from '../../media/video-originals';
import { friendIdsOf } from '../people';
import { cachedHiddenAmong } from '../safety';
import { postVideoUrl, readyVideoMedia, removeKeys } from './media';
import { presentMedia, type StoredPostMedia } from './presenters';
import { postRepo } from './repo';

type VideoJob = JobPayloads['video'];

/** Swaps tried before giving up to a post edited again and again meanwhile. */
const SWAP_TRIES = 5;

export function startPostVideos(ctx: AppContext): () => void {
  const posts = postRepo(ctx.db);
  const hiddenAmong = cachedHiddenAmong(ctx.db, ctx.events);
  const log = ctx.log.child({ part: 'post-videos' });

  /**
   * Replaces the job's processing video in the post's media by `settled(item)`; the media as stored
   * after, or null when the post is gone or holds that video no longer processing (done, or taken off).
   */
  async function settle(job: VideoJob, settled: (item: StoredPostMedia) => StoredPostMedia): Promise<StoredPostMedia[] | null> {
    const url = postVideoUrl(ctx.storage, job.name, 'mp4');
    for (let i = 0; i < SWAP_TRIES; i++) {
      const row = await posts.findById(job.postId);
      if (!row) return null;
      const media = JSON.parse(row.media) as StoredPostMedia[];
      if (!media.some((m) => m.url === url && m.status === 'processing')) return null;
      const next = media.map((m) => (m.url === url ? settled(m) : m));
      const swapped = await retryTransient(() =>
        ctx.db.transaction().execute(async (trx) => {
          if (!(await postRepo(trx).swapMedia(row.id, row.media, JSON.stringify(next)))) return false;
          // Other servers got the post without its video: they get it again, with it.
          if (ctx.config.federation) await ctx.events.record(trx, 'postEdited', { postId: row.id, authorId: row.author_id });
          return true;
        }),
      );
      if (swapped) return next;
    }
    throw new Error(`post ${job.postId} kept changing while its video was stored`);
  }

  /** Drops the post's cached renderings and tells whoever's feed shows it (as link previews are told). */
  async function tell(postId: string, media: StoredPostMedia[]): Promise<void> {
    ctx.events.publish('postChanged', { postId });
    const row = await posts.findById(postId);
    if (!row) return;
    const readers = [row.author_id, ...(await friendIdsOf(ctx.db, row.author_id))];
    const hidden = await hiddenAmong(row.author_id, readers, nowIso());
    const presented: PostMedia[] = presentMedia(JSON.stringify(media));
    ctx.events.publish('postMediaStored', { postId, media: presented, userIds: readers.filter((id) => !hidden.has(id)) });
  }

  /** Whether the post still holds the job's video, processing. */
  async function stillProcessing(job: VideoJob): Promise<boolean> {
    const row = await posts.findById(job.postId);
    const url = postVideoUrl(ctx.storage, job.name, 'mp4');
    return !!row && (JSON.parse(row.media) as StoredPostMedia[]).some((m) => m.url === url && m.status === 'processing');
  }

  async function fail(job: VideoJob): Promise<void> {
    const media = await settle(job, (item) => {
      const failed: StoredPostMedia = { ...item, status: 'failed' };
      delete failed.source_key;
      return failed;
    });
    await ctx.storage.remove(job.sourceKey).catch(() => undefined);
    if (media) await tell(job.postId, media);
  }

  ctx.jobs.registerWorker('video', async (job, { attempt }) => {
    // Done by an earlier run that died before removing the original, or the post deleted or the video
    // taken off meanwhile: only the original may be left. Never encoded again over files being played.
    if (!(await stillProcessing(job))) {
      await ctx.storage.remove(job.sourceKey);
      return;
    }
    let video;
    try {
      video = await encodeVideoOriginal(ctx.storage, 'posts', job);
    } catch (err) {
      // Gone or taken off meanwhile (its original with it): nothing is left to do.
      if (!(await stillProcessing(job))) return;
      const refused = refusedForGood(err);
      if (!refused && attempt < QUEUES.video.attempts) throw err;
      log.warn({ err, postId: job.postId }, 'a post’s video could not be made playable');
      await fail(job);
      if (!refused) throw err;
      return;
    }
    const written = [video.video.key, video.poster.key];
    const media = await settle(job, () => readyVideoMedia(video));
    // Taken off or deleted meanwhile: the edit removed the names it knew, but the files came after it.
    if (!media) {
      const row = await posts.findById(job.postId);
      if (!row?.media.includes(video.video.url)) await removeKeys(ctx.storage, written);
    }
    await ctx.storage.remove(job.sourceKey);
    if (media) await tell(job.postId, media);
  });

  // The event is done once the job is stored; if it cannot be (Redis away), the outbox retries it.
  return ctx.events.subscribe('postVideoUploaded', (video) => ctx.jobs.enqueue('video', video, { jobId: `video:${video.postId}` }));
}

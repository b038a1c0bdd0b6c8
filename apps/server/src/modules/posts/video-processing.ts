/**
 * A post's video made playable after the post was published (docs/decisions/videos.md). The upload
 * checked and kept the original and stored the post with its video `processing`; `postVideoUploaded`,
 * recorded with the post, becomes a `video` job, which whichever process works the queues runs
 * (media/video-jobs.ts): the post's media are swapped to the ready video only while they still hold the
 * processing one, and the author and their friends are told (socket `postMedia`). A video taken off in
 * an edit meanwhile is left alone; one that cannot be made playable is marked `failed`.
 */
import type { PostMedia } from '@plaza/contract';
import type { AppContext } from '../../context';
import { retryTransient } from '../../db/retry';
import type { JobPayloads } from '../../jobs/jobs';
import { nowIso } from '../../lib/ids';
import { workVideoJobs } from '../../media/video-jobs';
import { friendIdsOf } from '../people';
import { cachedHiddenAmong } from '../safety';
import { postVideoUrl, readyVideoMedia } from './media';
import { presentMedia, type StoredPostMedia } from './presenters';
import { postRepo } from './repo';

type VideoJob = JobPayloads['video'];

/** Swaps tried before giving up to a post edited again and again meanwhile. */
const SWAP_TRIES = 5;

export function startPostVideos(ctx: AppContext): () => void {
  const posts = postRepo(ctx.db);
  const hiddenAmong = cachedHiddenAmong(ctx.db, ctx.events);

  /** The post's stored media, and whether they hold the job's video processing; null when the post is gone. */
  async function read(job: VideoJob) {
    const row = await posts.findById(job.postId);
    if (!row) return null;
    const url = postVideoUrl(ctx.storage, job.name, 'mp4');
    const media = JSON.parse(row.media) as StoredPostMedia[];
    return { row, url, media, processing: media.some((m) => m.url === url && m.status === 'processing') };
  }

  /**
   * Replaces the job's processing video in the post's media by `settled(item)`; the media as stored
   * after, or null when the post is gone or holds that video no longer processing (done, or taken off).
   */
  async function settle(job: VideoJob, settled: (item: StoredPostMedia) => StoredPostMedia): Promise<StoredPostMedia[] | null> {
    for (let i = 0; i < SWAP_TRIES; i++) {
      const stored = await read(job);
      if (!stored?.processing) return null;
      const { row, url, media } = stored;
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

  workVideoJobs(ctx, 'video', {
    kind: 'post',
    folder: 'posts',
    idOf: (job) => job.postId,
    processing: async (job) => !!(await read(job))?.processing,
    markReady: (job, video) => settle(job, () => readyVideoMedia(video)),
    markFailed: (job) =>
      settle(job, (item) => {
        const failed: StoredPostMedia = { ...item, status: 'failed' };
        delete failed.source_key;
        return failed;
      }),
    keepsFiles: async (job, video) => !!(await posts.findById(job.postId))?.media.includes(video.video.url),
    /** Drops the post's cached renderings and tells whoever's feed shows it (as link previews are told). */
    async tell({ postId }, media) {
      ctx.events.publish('postChanged', { postId });
      const row = await posts.findById(postId);
      if (!row) return;
      const readers = [row.author_id, ...(await friendIdsOf(ctx.db, row.author_id))];
      const hidden = await hiddenAmong(row.author_id, readers, nowIso());
      const presented: PostMedia[] = presentMedia(JSON.stringify(media));
      ctx.events.publish('postMediaStored', { postId, media: presented, userIds: readers.filter((id) => !hidden.has(id)) });
    },
  });

  // The event is done once the job is stored; if it cannot be (Redis away), the outbox retries it.
  return ctx.events.subscribe('postVideoUploaded', (video) => ctx.jobs.enqueue('video', video, { jobId: `video:${video.postId}` }));
}

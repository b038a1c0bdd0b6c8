/**
 * A story's video made playable after the story was stored (docs/decisions/videos.md), as posts' are:
 * the upload checked and kept the original and stored the story `processing`; `storyVideoUploaded`,
 * recorded with it, becomes a `storyVideo` job, which whichever process works the queues runs
 * (media/video-jobs.ts). The story becomes ready only while it is still processing, and then the author
 * and their friends are told (socket `storyMedia`): the story enters the friends' trays only now. A story
 * whose video cannot be made playable is marked `failed`, which only the author sees.
 */
import type { AppContext } from '../../context';
import { nowIso } from '../../lib/ids';
import { workVideoJobs } from '../../media/video-jobs';
import { friendIdsOf } from '../people';
import { cachedHiddenAmong } from '../safety';
import { storyRepo } from './repo';

export function startStoryVideos(ctx: AppContext): () => void {
  const stories = storyRepo(ctx.db);
  const hiddenAmong = cachedHiddenAmong(ctx.db, ctx.events);

  workVideoJobs<'storyVideo', 'ready' | 'failed'>(ctx, 'storyVideo', {
    kind: 'story',
    folder: 'stories',
    idOf: (job) => job.storyId,
    processing: async (job) => (await stories.findById(job.storyId))?.status === 'processing',
    markReady: async (job) => ((await stories.settleVideo(job.storyId, null)) ? 'ready' : null),
    markFailed: async (job) => ((await stories.settleVideo(job.storyId, 'failed')) ? 'failed' : null),
    keepsFiles: async (job) => !!(await stories.findById(job.storyId)),
    /** The author always; their friends (but the hidden) only when it plays, since a failed story never reaches them. */
    async tell({ storyId }, settled) {
      const row = await stories.findById(storyId);
      if (!row) return;
      const failed = settled === 'failed';
      const friends = failed ? [] : await friendIdsOf(ctx.db, row.user_id);
      const hidden = await hiddenAmong(row.user_id, friends, nowIso());
      const userIds = [row.user_id, ...friends.filter((id) => !hidden.has(id))];
      ctx.events.publish('storyMediaStored', { storyId, authorId: row.user_id, ...(failed ? { status: 'failed' as const } : {}), userIds });
    },
  });

  // The event is done once the job is stored; if it cannot be (Redis away), the outbox retries it.
  return ctx.events.subscribe('storyVideoUploaded', (video) =>
    ctx.jobs.enqueue('storyVideo', video, { jobId: `storyVideo:${video.storyId}` }),
  );
}

/** The rules of stories: who sees which, how long they live, who may delete them and see their viewers. */
import type { PublicUser, Story, StoryGroup, StoryViewer } from '@plaza/contract';
import type { AppContext } from '../../context';
import { retryTransient } from '../../db/retry';
import { ForbiddenError, NotFoundError, sentence } from '../../lib/errors';
import { newId, nowIso } from '../../lib/ids';
import { isHiddenFrom } from '../safety';
import { mediaSigner } from '../../security/signed-media';
import { presentPublicUser, userRepo } from '../users';
import { presentStory } from './presenters';
import { storyRepo, type StoryRow } from './repo';
import { keptKeyOf, type StoryUpload } from './upload';
import { storyFileKeys, storyVideoUrl } from './video-files';

const HOUR_MS = 3_600_000;

// Long: a service; each method is short and shares the repositories made once here.
export function storyService(ctx: AppContext) {
  const stories = storyRepo(ctx.db);
  const users = userRepo(ctx.db);
  const signer = mediaSigner(ctx.config.jwtSecret);

  /** The story if it is unexpired and `viewerId` may see it (the owner, or a friend once it plays); 404 otherwise, so existence stays private. */
  async function loadVisible(storyId: string, viewerId: string): Promise<StoryRow> {
    const story = await stories.findById(storyId);
    const visible =
      story &&
      story.expires_at > nowIso() &&
      (story.user_id === viewerId ||
        (story.status === null &&
          (await stories.areFriends(story.user_id, viewerId)) &&
          !(await isHiddenFrom(ctx.db, viewerId, story.user_id, nowIso()))));
    if (!visible) throw new NotFoundError(sentence('error.story.notShared'));
    return story;
  }

  /** The unexpired story when `userId` owns it: 404 unknown or expired, 403 someone else's. */
  async function loadOwn(storyId: string, userId: string): Promise<StoryRow> {
    const story = await stories.findById(storyId);
    if (!story || story.expires_at <= nowIso()) throw new NotFoundError(sentence('error.story.gone'));
    if (story.user_id !== userId) throw new ForbiddenError(sentence('error.story.authorOnly'));
    return story;
  }

  async function publicUser(id: string): Promise<PublicUser> {
    const row = await users.findById(id);
    if (!row) throw new NotFoundError(sentence('error.account.gone'));
    return presentPublicUser(row);
  }

  /** The row goes first, so a failure never leaves a story pointing at a missing file. */
  async function discard(story: StoryRow): Promise<void> {
    await stories.delete(story.id);
    // The story is gone: a leftover file is logged, never reported as a failed delete.
    for (const key of storyFileKeys(ctx.storage, story)) {
      await ctx.storage.remove(key).catch((err: unknown) => ctx.log.warn({ err, key }, 'story file not removed'));
    }
  }

  return {
    /**
     * Stores the story of an upload already on disk; the file goes again if the row cannot be written. A
     * video goes in processing, its job recorded in the same transaction (the outbox), so a process that
     * dies right after the commit loses nothing.
     */
    async create(userId: string, upload: StoryUpload): Promise<Story> {
      const created = new Date();
      const { caption } = upload;
      const media =
        upload.mediaType === 'image'
          ? { media_url: upload.image.url, poster_url: null, status: null, source_key: null }
          : {
              media_url: storyVideoUrl(ctx.storage, upload.video.name, 'mp4'),
              poster_url: storyVideoUrl(ctx.storage, upload.video.name, 'webp'),
              status: 'processing' as const,
              source_key: upload.video.source.key,
            };
      const row: StoryRow = {
        id: newId(),
        user_id: userId,
        media_type: upload.mediaType,
        ...media,
        caption,
        created_at: created.toISOString(),
        expires_at: new Date(created.getTime() + ctx.config.storyTtlHours * HOUR_MS).toISOString(),
      };
      try {
        const user = await publicUser(userId);
        await retryTransient(() =>
          ctx.db.transaction().execute(async (trx) => {
            await storyRepo(trx).insert(row);
            if (upload.mediaType === 'video') {
              const { source, sniffed, name } = upload.video;
              await ctx.events.record(trx, 'storyVideoUploaded', { storyId: row.id, sourceKey: source.key, sniffed, name });
            }
          }),
        );
        return presentStory(row, user, { viewerId: userId, viewed: true, viewCount: 0, signer });
      } catch (err) {
        await ctx.storage.remove(keptKeyOf(upload));
        throw err;
      }
    },

    /** The caller's and friends' live stories: three queries whatever their number. */
    async list(viewerId: string): Promise<{ stories: Story[]; groupedStories: StoryGroup[] }> {
      const rows = await stories.listVisible(viewerId, nowIso());
      const ownIds = rows.filter((r) => r.user_id === viewerId).map((r) => r.id);
      const [counts, owners] = await Promise.all([stories.viewCounts(ownIds), users.findByIds([...new Set(rows.map((r) => r.user_id))])]);
      const ownerById = new Map(owners.map((u) => [u.id, presentPublicUser(u)]));

      const groups = new Map<string, StoryGroup & { newest: string }>();
      for (const row of rows) {
        const user = ownerById.get(row.user_id);
        if (!user) continue;
        const story = presentStory(row, user, { viewerId, viewed: row.viewed_by_me === 1, viewCount: counts.get(row.id), signer });
        const group = groups.get(row.user_id) ?? { user, stories: [], hasUnviewed: false, newest: '' };
        group.stories.push(story);
        group.hasUnviewed ||= !story.viewed;
        group.newest = row.created_at;
        groups.set(row.user_id, group);
      }
      // Rows come oldest first, so each group's last story is its newest.
      const rank = (g: StoryGroup) => (g.user._id === viewerId ? 0 : g.hasUnviewed ? 1 : 2);
      const ordered = [...groups.values()].sort((a, b) => rank(a) - rank(b) || b.newest.localeCompare(a.newest));
      const groupedStories = ordered.map(({ newest: _n, ...g }) => g);
      return { stories: groupedStories.flatMap((g) => g.stories), groupedStories };
    },

    /** Idempotent; the owner watching their own story is not a view. */
    async view(storyId: string, viewerId: string): Promise<void> {
      const story = await loadVisible(storyId, viewerId);
      if (story.user_id !== viewerId) await stories.recordView(story.id, viewerId, nowIso());
    },

    async viewers(storyId: string, userId: string): Promise<{ viewers: StoryViewer[]; viewCount: number }> {
      const story = await loadOwn(storyId, userId);
      const rows = await stories.viewers(story.id);
      const viewers = rows.map(({ viewed_at, ...user }) => ({ user: presentPublicUser(user), viewedAt: viewed_at }));
      return { viewers, viewCount: viewers.length };
    },

    async delete(storyId: string, userId: string): Promise<void> {
      await discard(await loadOwn(storyId, userId));
    },

    /** Whether the story is live and `viewerId` may see it (the owner or a friend, no block). */
    async isVisibleTo(storyId: string, viewerId: string): Promise<boolean> {
      try {
        await loadVisible(storyId, viewerId);
        return true;
      } catch (err) {
        if (err instanceof NotFoundError) return false;
        throw err;
      }
    },

    /** Removes a story whoever posted it (a moderator's decision); false when it was already gone. */
    async removeById(storyId: string): Promise<boolean> {
      const story = await stories.findById(storyId);
      if (!story) return false;
      await discard(story);
      return true;
    },
  };
}
export type StoryService = ReturnType<typeof storyService>;

/** What moderation sees of a story and how it removes one; given to the moderation feature by modules/index.ts. */
import type { Db } from '../../db';
import { storyRepo } from './repo';
import type { StoryService } from './service';

export function storyModeration(db: Db, stories: StoryService) {
  const repo = storyRepo(db);
  return {
    async describe(storyId: string) {
      const row = await repo.findById(storyId);
      if (!row) return null;
      return {
        authorId: row.user_id,
        text: row.caption,
        media: [{ url: row.media_url, type: row.media_type }],
        createdAt: row.created_at,
        context: [],
      };
    },
    remove: (storyId: string) => stories.removeById(storyId),
  };
}

/** What moderation sees of a story and how it removes one; given to the moderation feature by modules/index.ts. */
import type { Config } from '../../config';
import type { Db } from '../../db';
import { mediaSigner } from '../../security/signed-media';
import { storyRepo } from './repo';
import type { StoryService } from './service';

export function storyModeration(db: Db, config: Pick<Config, 'jwtSecret'>, stories: StoryService) {
  const repo = storyRepo(db);
  // Story media are private: the moderator gets a URL signed for them, good while they hold the role.
  const signer = mediaSigner(config.jwtSecret);
  return {
    async describe(storyId: string, moderatorId?: string) {
      const row = await repo.findById(storyId);
      if (!row) return null;
      const url = moderatorId ? signer.sign(row.media_url, { storyId, viewerId: moderatorId, as: 'moderator' }) : row.media_url;
      return {
        authorId: row.user_id,
        text: row.caption,
        media: [{ url, type: row.media_type, ...(row.status ? { status: row.status } : {}) }],
        createdAt: row.created_at,
        context: [],
      };
    },
    visibleTo: (storyId: string, viewerId: string) => stories.isVisibleTo(storyId, viewerId),
    remove: (storyId: string) => stories.removeById(storyId),
  };
}

/** What moderation sees of a story and how it removes one; given to the moderation feature by modules/index.ts. */
import type { Config } from '../../config';
import type { Db } from '../../db';
import { mediaSigner } from '../../security/signed-media';
import { storyRepo } from './repo';
import type { StoryService } from './service';

export function storyModeration(db: Db, config: Pick<Config, 'jwtSecret'>, stories: StoryService) {
  const repo = storyRepo(db);
  // Story media are private: the moderator gets a signed URL, as a viewer does.
  const signer = mediaSigner(config.jwtSecret);
  return {
    async describe(storyId: string) {
      const row = await repo.findById(storyId);
      if (!row) return null;
      return {
        authorId: row.user_id,
        text: row.caption,
        media: [{ url: signer.sign(row.media_url), type: row.media_type }],
        createdAt: row.created_at,
        context: [],
      };
    },
    remove: (storyId: string) => stories.removeById(storyId),
  };
}

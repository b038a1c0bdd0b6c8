/** What moderation sees of a post and how it removes one; the moderation feature receives it from modules/index.ts. */
import type { Db } from '../../db';
import { nowIso } from '../../lib/ids';
import { isHiddenFrom } from '../safety';
import type { StoredPostMedia } from './presenters';
import { postRepo } from './repo';
import type { PostService } from './service';

export function postModeration(db: Db, posts: PostService) {
  const repo = postRepo(db);
  return {
    async describe(postId: string) {
      const row = await repo.findById(postId);
      if (!row) return null;
      const media = (JSON.parse(row.media) as StoredPostMedia[]).map((m) => ({
        url: m.url,
        type: m.type ?? ('image' as const),
        // A moderator judging a post while its video is made playable is told so, as its readers are.
        ...(m.status ? { status: m.status } : {}),
      }));
      return { authorId: row.author_id, text: row.content, media, createdAt: row.created_at, context: [] };
    },
    async visibleTo(postId: string, viewerId: string) {
      const row = await repo.findById(postId);
      return row !== undefined && !(await isHiddenFrom(db, viewerId, row.author_id, nowIso()));
    },
    remove: (postId: string) => posts.removeById(postId),
  };
}

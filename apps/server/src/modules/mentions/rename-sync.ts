/**
 * A person's new name shows in every post that mentions them: their profile change drops the cached
 * rendering of those posts (cache/post-cache.ts), the newest first. Comments and messages are read
 * afresh each time, with the name as it is.
 */
import type { AppContext } from '../../context';
import { mentionRepo } from './repo';

/** Posts whose rendering is dropped per profile change; older ones follow the cache's age limit. */
const POSTS_PER_CHANGE = 1_000;

export function startMentionRenames(ctx: AppContext): () => void {
  const repo = mentionRepo(ctx.db);
  return ctx.events.subscribe('profileChanged', async ({ userId }) => {
    for (const postId of await repo.postsMentioning(userId, POSTS_PER_CHANGE)) ctx.events.publish('postChanged', { postId });
  });
}

/**
 * Keeps a comment's link preview card once it is made (modules/link-previews), then tells those who may read the
 * comment and have the post on their feeds: its author, the post's author and their friends, less anyone hidden
 * from either author (blocked either way, suspended), who never sees the comment.
 */
import type { AppContext } from '../../context';
import { HttpError } from '../../lib/errors';
import { nowIso } from '../../lib/ids';
import { storedCard } from '../link-previews';
import { friendIdsOf } from '../people';
import { cachedHiddenAmong } from '../safety';
import type { PostsPort } from './posts-port';
import { commentRepo } from './repo';

export function startCommentLinkPreviews(ctx: AppContext, posts: PostsPort): () => void {
  const comments = commentRepo(ctx.db);
  const hiddenAmong = cachedHiddenAmong(ctx.db, ctx.events);
  return ctx.events.subscribe('linkPreviewMade', async ({ targetType, targetId, linkPreview }) => {
    if (targetType !== 'comment') return;
    const comment = await comments.findById(targetId);
    if (!comment || !(await comments.setLinkPreview(comment.id, storedCard(linkPreview)))) return;
    const postAuthorId = await posts.existing(comment.post_id).then(
      (post) => post.authorId,
      (err: unknown) => {
        if (err instanceof HttpError) return null;
        throw err;
      },
    );
    if (postAuthorId === null) return;
    const readers = [...new Set([comment.author_id, postAuthorId, ...(await friendIdsOf(ctx.db, postAuthorId))])];
    const now = nowIso();
    const [hiddenFromWriter, hiddenFromOwner] = await Promise.all([
      hiddenAmong(comment.author_id, readers, now),
      hiddenAmong(postAuthorId, readers, now),
    ]);
    const userIds = readers.filter((id) => !hiddenFromWriter.has(id) && !hiddenFromOwner.has(id));
    ctx.events.publish('linkPreviewStored', { targetType, targetId, linkPreview, userIds });
  });
}

/**
 * Keeps a post's link preview card once it is made (modules/link-previews), then tells the people whose feeds show
 * the post (its author and their friends, as for `postCounts`) and drops the post's cached rendering.
 */
import { firstLinkOf } from '@plaza/contract';
import type { AppContext } from '../../context';
import { nowIso } from '../../lib/ids';
import { storedCard } from '../link-previews';
import { friendIdsOf } from '../people';
import { cachedHiddenAmong } from '../safety';
import { postRepo } from './repo';

export function startPostLinkPreviews(ctx: AppContext): () => void {
  const posts = postRepo(ctx.db);
  const hiddenAmong = cachedHiddenAmong(ctx.db, ctx.events);
  return ctx.events.subscribe('linkPreviewMade', async ({ targetType, targetId, linkPreview }) => {
    if (targetType !== 'post') return;
    const row = await posts.findById(targetId);
    // Edited meanwhile to another link: that link's card is on its way instead.
    if (!row || firstLinkOf(row.content) !== linkPreview.url) return;
    if (!(await posts.setLinkPreview(row.id, row.content, storedCard(linkPreview)))) return;
    ctx.events.publish('postChanged', { postId: row.id });
    const readers = [row.author_id, ...(await friendIdsOf(ctx.db, row.author_id))];
    const hidden = await hiddenAmong(row.author_id, readers, nowIso());
    const userIds = readers.filter((id) => !hidden.has(id));
    ctx.events.publish('linkPreviewStored', { targetType, targetId, linkPreview, userIds });
  });
}

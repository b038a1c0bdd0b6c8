/**
 * Keeps a message's link preview card once it is made (modules/link-previews) and tells the people of the
 * conversation, on every tab: the two of a one-to-one conversation, or the members of a group the sender
 * reaches (blocks left out, as for the message itself). The card's row is found by its conversation, which
 * came with the request.
 */
import type { AppContext } from '../../context';
import { nowIso } from '../../lib/ids';
import { storedCard } from '../link-previews';
import { groupRepo } from './groups/repo';
import { chatRepo, type MessageRow } from './repo';

export function startMessageLinkPreviews(ctx: AppContext): () => void {
  const repo = chatRepo(ctx.db);
  const groups = groupRepo(ctx.db);
  // A group's message names its sender as receiver too (modules/chat/groups).
  const readersOf = (m: MessageRow): Promise<string[]> | string[] =>
    m.sender_id === m.receiver_id ? groups.audienceOf(m.pair_key, m.sender_id, nowIso()) : [m.sender_id, m.receiver_id];
  return ctx.events.subscribe('linkPreviewMade', async ({ targetType, targetId, scope, linkPreview }) => {
    if (targetType !== 'message' || !scope) return;
    const stored = await repo.setLinkPreview(scope, targetId, storedCard(linkPreview));
    const message = stored ? await repo.findMessage(scope, targetId) : undefined;
    if (!message) return;
    const userIds = await readersOf(message);
    ctx.events.publish('linkPreviewStored', { targetType, targetId, linkPreview, userIds });
  });
}

/**
 * Keeps a message's link preview card once it is made (modules/link-previews) and tells the two people of the
 * conversation, on every tab. The card's row is found by its conversation, which came with the request.
 */
import type { AppContext } from '../../context';
import { storedCard } from '../link-previews';
import { chatRepo } from './repo';

export function startMessageLinkPreviews(ctx: AppContext): () => void {
  const repo = chatRepo(ctx.db);
  return ctx.events.subscribe('linkPreviewMade', async ({ targetType, targetId, scope, linkPreview }) => {
    if (targetType !== 'message' || !scope) return;
    const write = async () => {
      const stored = await repo.setLinkPreview(scope, targetId, storedCard(linkPreview));
      return stored ? repo.findMessage(scope, targetId) : undefined;
    };
    // On SQLite the write takes its turn with the chat's writer thread (db/write-turns.ts).
    const message = await (ctx.dialect === 'sqlite' ? ctx.writeTurns.background(write) : write());
    if (!message) return;
    const userIds = [message.sender_id, message.receiver_id];
    ctx.events.publish('linkPreviewStored', { targetType, targetId, linkPreview, userIds });
  });
}

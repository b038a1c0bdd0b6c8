/**
 * The mentions of chat messages (product.md § Mentions). A message is stored by the message store, away from
 * any transaction of ours; its mentions are written just after, in a transaction of their own (on SQLite in
 * its turn with the writer thread), and only for a text with an `@name` in it, so the common message costs
 * nothing more. Everyone in the conversation can read it: only they are told of a mention. One-to-one and
 * group messages alike: `conversationKey` is where the notification leads (a pair room, or a group's id).
 */
import { mentionNamesOf, type Message } from '@plaza/contract';
import type { AppContext } from '../../context';
import { mentionIndex, mentionsOf } from '../mentions';
import type { MessageRow } from './repo';

export interface StoredMessageText {
  id: string;
  senderId: string;
  text: string;
  createdAt: string;
  conversationKey: string;
  /** Everyone in the conversation, the sender included. */
  memberIds: string[];
}

/** Stores the mentions of a message just stored. */
export async function storeMessageMentions(ctx: AppContext, message: StoredMessageText): Promise<void> {
  if (mentionNamesOf(message.text).length === 0) return;
  const write = () =>
    ctx.db.transaction().execute((trx) =>
      mentionIndex(trx, ctx.events).written({
        targetType: 'message',
        targetId: message.id,
        authorId: message.senderId,
        text: message.text,
        postId: null,
        conversationKey: message.conversationKey,
        audience: { kind: 'members', userIds: message.memberIds },
        at: message.createdAt,
        isNew: true,
      }),
    );
  await (ctx.dialect === 'sqlite' ? ctx.writeTurns.background(write) : write());
}

/** The messages presented by `present`, each with its mentions. */
export async function presentWithMentions(
  ctx: AppContext,
  rows: readonly MessageRow[],
  present: (row: MessageRow, mentions: Message['mentions']) => Message,
): Promise<Message[]> {
  const mentions = await mentionsOf(
    ctx.db,
    'message',
    rows.map((r) => ({ id: r.id, text: r.text })),
  );
  return rows.map((r) => present(r, mentions.get(r.id) ?? []));
}

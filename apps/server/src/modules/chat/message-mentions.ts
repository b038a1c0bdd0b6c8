/**
 * The mentions of chat messages (product.md § Mentions). A message is stored by the message store, away from
 * any transaction of ours; its mentions are written just after, in a transaction of their own, and only for
 * a text with an `@name` in it, so the common message costs nothing more. Everyone in the conversation can
 * read it: only they are told of a mention. One-to-one and group messages alike: `conversationKey` is where
 * the notification leads (a pair room, or a group's id).
 *
 * Not in the message's own transaction: on a SQLite file that one runs on the writer thread's connection with
 * statements prepared once (db/sqlite-writer/), where the mention rules (names looked up, blocks, the outbox's
 * `mentioned`) would have to be written a second time in raw SQL, and the batch of every send would wait on
 * them. A process that dies between the two loses the mentions of that message, never the message.
 */
import { mentionNamesOf, type Mention } from '@plaza/contract';
import type { AppContext } from '../../context';
import type { Db } from '../../db';
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

/** Stores the mentions of a message just stored; undefined, nothing to wait for, when its text names nobody. */
export function storeMessageMentions(ctx: AppContext, message: StoredMessageText): Promise<unknown> | undefined {
  if (mentionNamesOf(message.text).length === 0) return undefined;
  return ctx.db.transaction().execute((trx) =>
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
}

/** One message presented with its mentions: at once, without a promise, when its text names nobody (most do not). */
export function presentOneWithMentions<T>(db: Db, row: MessageRow, present: (row: MessageRow, mentions: Mention[]) => T): T | Promise<T> {
  if (mentionNamesOf(row.text).length === 0) return present(row, []);
  return presentWithMentions(db, [row], present).then(([message]) => message);
}

/** The messages presented by `present` (one-to-one or group), each with its mentions. */
export async function presentWithMentions<T>(
  db: Db,
  rows: readonly MessageRow[],
  present: (row: MessageRow, mentions: Mention[]) => T,
): Promise<T[]> {
  const mentions = await mentionsOf(
    db,
    'message',
    rows.map((r) => ({ id: r.id, text: r.text })),
  );
  return rows.map((r) => present(r, mentions.get(r.id) ?? []));
}

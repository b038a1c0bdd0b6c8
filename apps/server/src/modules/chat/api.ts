/**
 * What the chat feature offers others: a person's messages for their data export, and handing a deleted
 * account's conversations (direct and group) over to the placeholder that keeps them for the other side.
 */
import { pairRoom } from '@plaza/contract';
import type { Db } from '../../db';
import { groupRepo } from './groups/repo';
import { chatRepo } from './repo';

export interface ExportedMessage {
  id: string;
  senderId: string;
  receiverId: string;
  text: string;
  createdAt: string;
  readAt: string | null;
}

export interface ChatApi {
  /** Every message the person sent or received, per conversation, oldest first. */
  messagesOf(userId: string): Promise<ExportedMessage[]>;
  /** Whether the person has talked with anyone (read in the caller's transaction). */
  hasConversations(trx: Db, userId: string): Promise<boolean>;
  /**
   * Moves every conversation of `fromId` to `toId` (an existing account row), in the caller's
   * transaction: the messages and their pair keys, so the other person's history reads on unchanged.
   */
  handOver(trx: Db, fromId: string, toId: string): Promise<void>;
  /** Messages from `senderId` that `receiverId` has not read (a push says "5 new messages from Ana"). */
  unreadFrom(receiverId: string, senderId: string): Promise<number>;
  /** Unread messages to `receiverId` sent after `since` (the daily digest). */
  unreadSince(receiverId: string, since: string): Promise<number>;
}

export function chatApi(db: Db): ChatApi {
  return {
    async messagesOf(userId) {
      const repo = chatRepo(db);
      const pairs = await repo.pairsOf(userId);
      const rows = await repo.messagesOfPairs(pairs.map((p) => p.pair_key));
      return rows.map((r) => ({
        id: r.id,
        senderId: r.sender_id,
        receiverId: r.receiver_id,
        text: r.text,
        createdAt: r.created_at,
        readAt: r.read_at,
      }));
    },
    async hasConversations(trx, userId) {
      return (await chatRepo(trx).pairsOf(userId)).length > 0 || groupRepo(trx).takesPartInGroups(userId);
    },
    async unreadFrom(receiverId, senderId) {
      return (await chatRepo(db).unreadCounts(receiverId, [senderId])).get(senderId) ?? 0;
    },
    unreadSince: (receiverId, since) => chatRepo(db).unreadSince(receiverId, since),
    async handOver(trx, fromId, toId) {
      const repo = chatRepo(trx);
      for (const pair of await repo.pairsOf(fromId)) {
        const otherId = pair.user_low === fromId ? pair.user_high : pair.user_low;
        const [low, high] = [toId, otherId].sort();
        await repo.movePair(pair.pair_key, { pairKey: pairRoom(toId, otherId), low, high }, fromId, toId);
      }
      // What they wrote in groups stays, from the placeholder; they are no longer in any group.
      await groupRepo(trx).handOver(fromId, toId);
    },
  };
}

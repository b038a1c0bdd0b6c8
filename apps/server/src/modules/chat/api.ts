/**
 * What the chat feature offers others: a person's messages for their data export, handing a deleted
 * account's conversations (direct and group) over to the placeholder that keeps them for the other side,
 * and what a push about a message says.
 */
import { pairRoom } from '@plaza/contract';
import type { Db } from '../../db';
import { nowIso } from '../../lib/ids';
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

/** A group for the data export: the person's own messages in it, never the others'. */
export interface ExportedGroup {
  id: string;
  name: string;
  /** Their role while they are in it; null once they left or were removed. */
  role: 'admin' | 'member' | null;
  joinedAt: string | null;
  messages: Array<{ id: string; text: string; createdAt: string }>;
}

export interface ChatApi {
  /** Every message the person sent or received, per conversation, oldest first. */
  messagesOf(userId: string): Promise<ExportedMessage[]>;
  /** The groups the person is in or wrote in, each with what they wrote there, oldest first. */
  groupsOf(userId: string): Promise<ExportedGroup[]>;
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
  /**
   * What a push of a group's messages tells `recipientId`: the group's name and how many of its messages they
   * have not read; null when they are not in it (any more) or muted it.
   */
  groupPushFacts(recipientId: string, conversationId: string): Promise<{ name: string; unread: number } | null>;
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
    async groupsOf(userId) {
      const groups = groupRepo(db);
      const [memberships, written] = await Promise.all([groups.membershipsOf(userId), groups.ownMessages(userId)]);
      const ids = [...new Set([...memberships.map((m) => m.conversation_key), ...written.map((m) => m.pair_key)])];
      const rows = await groups.groupsByIds(ids);
      const membershipOf = new Map(memberships.map((m) => [m.conversation_key, m]));
      return rows
        .sort((a, b) => a.created_at.localeCompare(b.created_at) || a.pair_key.localeCompare(b.pair_key))
        .map((g) => {
          const m = membershipOf.get(g.pair_key);
          return {
            id: g.pair_key,
            name: g.name ?? '',
            role: m?.role ?? null,
            joinedAt: m?.joined_at ?? null,
            messages: written.filter((w) => w.pair_key === g.pair_key).map((w) => ({ id: w.id, text: w.text, createdAt: w.created_at })),
          };
        });
    },
    async groupPushFacts(recipientId, conversationId) {
      const groups = groupRepo(db);
      const [member, group] = await Promise.all([groups.membership(conversationId, recipientId), groups.findGroup(conversationId)]);
      if (!member || !group || Number(member.muted) === 1) return null;
      // What members wrote: a push counts no system line.
      const unread = await groups.unreadCounts([conversationId], { id: recipientId, now: nowIso(), textOnly: true });
      return { name: group.name ?? '', unread: unread.get(`${conversationId} ${recipientId}`) ?? 0 };
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

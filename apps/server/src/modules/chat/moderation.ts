/**
 * What moderation sees of a message (with the few before it, as context) and how it removes one; given
 * to the moderation feature by modules/index.ts. Messages are found by id alone through the index of
 * migration 0021-moderation.
 */
import type { Db } from '../../db';
import { groupRepo } from './groups/repo';
import { chatRepo } from './repo';

/** How many earlier messages of the conversation a moderator reads a reported one with. */
const CONTEXT_MESSAGES = 4;

export function messageModeration(db: Db) {
  const repo = chatRepo(db);
  const groups = groupRepo(db);
  /** A group's message names its sender as receiver too; its people are the group's members. */
  const isGroupMessage = (row: { sender_id: string; receiver_id: string }) => row.sender_id === row.receiver_id;
  return {
    async describe(messageId: string) {
      const row = await repo.findById(messageId);
      if (!row) return null;
      const before = await repo.history(row.pair_key, row.id, CONTEXT_MESSAGES);
      const context = before.reverse().map((m) => ({ id: m.id, authorId: m.sender_id, text: m.text, createdAt: m.created_at }));
      return {
        authorId: row.sender_id,
        text: row.text,
        media: [],
        createdAt: row.created_at,
        context,
        participants: isGroupMessage(row)
          ? (await groups.membersOf([row.pair_key])).map((m) => m.user_id)
          : [row.sender_id, row.receiver_id],
      };
    },
    /**
     * A message is only its two people's, or its group members' (and, up to their departure, those who left or
     * were removed, who still read it there).
     */
    async visibleTo(messageId: string, viewerId: string) {
      const row = await repo.findById(messageId);
      if (!row) return false;
      if (isGroupMessage(row)) {
        if (await groups.membership(row.pair_key, viewerId)) return true;
        const departure = await groups.departure(row.pair_key, viewerId);
        return departure !== undefined && Number(departure.seq) >= Number(row.seq);
      }
      return row.sender_id === viewerId || row.receiver_id === viewerId;
    },
    remove: (messageId: string) => repo.deleteById(messageId),
  };
}

/**
 * Keeps the mentions of a text right as it is written or edited, in the writer's own transaction
 * (product.md § Mentions). A name is looked up once, when it first appears in the text: the mention then
 * keeps its person by id, so a rename (or someone later taking the old name) never moves it. A name that
 * names nobody, or someone the author may not reach (a block either way, a suspension), stays plain text.
 * Each newly mentioned person who can read the text, other than the author, is told once, through the
 * durable `mentioned` event.
 */
import { mentionNamesOf } from '@plaza/contract';
import type { Db } from '../../db';
import type { MentionTarget } from '../../db/tables/mentions';
import type { EventBus } from '../../lib/events';
import { isHiddenFrom } from '../safety';
import { userRepo } from '../users';
import { mentionRepo } from './repo';

/**
 * Who may read the text besides its author: everyone signed in who is not hidden from `owners` (a post: its
 * author; a comment: its author and the post's), or just the people of a conversation (`members`).
 */
type MentionAudience = { kind: 'public'; owners: string[] } | { kind: 'members'; userIds: string[] };

export interface MentionedText {
  targetType: MentionTarget;
  targetId: string;
  authorId: string;
  text: string;
  /** The post a post's or comment's mention belongs to (its notification leads there); null for a message. */
  postId: string | null;
  /** For a message: its conversation's key (the pair room of a one-to-one conversation), where the notification leads. */
  conversationKey?: string;
  audience: MentionAudience;
  at: string;
  /** A text written just now, not an edit: it has no stored mentions, and without an `@name` it costs no query. */
  isNew?: boolean;
}

/** The mention index as seen from `trx`, the transaction that writes the text. */
export function mentionIndex(trx: Db, events: EventBus) {
  const repo = mentionRepo(trx);
  const users = userRepo(trx);

  async function mayRead(text: MentionedText, userId: string): Promise<boolean> {
    if (text.audience.kind === 'members') return text.audience.userIds.includes(userId);
    for (const owner of text.audience.owners) if (await isHiddenFrom(trx, userId, owner, text.at)) return false;
    return true;
  }

  return {
    /**
     * Stores the mentions of a new or edited text: names still there keep their person, names gone are
     * dropped, new names are looked up. Answers the people newly mentioned.
     */
    async written(text: MentionedText): Promise<string[]> {
      const names = mentionNamesOf(text.text);
      if (text.isNew && names.length === 0) return [];
      const before = text.isNew ? [] : await repo.ofTarget(text.targetType, text.targetId);
      await repo.remove(
        text.targetType,
        text.targetId,
        before.filter((m) => !names.includes(m.mentioned_as)).map((m) => m.mentioned_as),
      );
      const fresh = names.filter((n) => !before.some((m) => m.mentioned_as === n));
      if (fresh.length === 0) return [];
      const found = await users.idsByUserNameLower(fresh);
      const added: Array<{ name: string; userId: string }> = [];
      for (const { id, user_name_lower } of found) {
        if (!(await isHiddenFrom(trx, id, text.authorId, text.at))) added.push({ name: user_name_lower, userId: id });
      }
      await repo.insert(
        added.map(({ name, userId }) => ({
          target_type: text.targetType,
          target_id: text.targetId,
          mentioned_as: name,
          user_id: userId,
          author_id: text.authorId,
          post_id: text.postId,
          created_at: text.at,
        })),
      );
      const people = [...new Set(added.map((a) => a.userId))];
      const told = [];
      for (const userId of people) {
        // Someone who was mentioned before under another name (an edit after a rename) is not told again.
        if (userId === text.authorId || before.some((m) => m.user_id === userId) || !(await mayRead(text, userId))) continue;
        told.push(userId);
        await events.record(trx, 'mentioned', {
          targetType: text.targetType,
          targetId: text.targetId,
          postId: text.postId,
          conversationKey: text.conversationKey ?? null,
          authorId: text.authorId,
          userId,
          text: text.text,
        });
      }
      return told;
    },

    /** A text that is gone (a deleted comment or message): its mentions go with it. */
    removed: (targetType: MentionTarget, targetId: string) => repo.removeAll(targetType, targetId),
  };
}

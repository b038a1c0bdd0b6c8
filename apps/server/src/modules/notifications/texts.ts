/**
 * What each notification says, in its recipient's language (texts/): written when it is stored, as a mail
 * is, and written again in the reader's language when read where the row holds the whole line (`lineNow`).
 * Shared by the notifications this feature stores and the seed's (English).
 */
import { REACTION_EMOJI, REACTION_TYPES, type NotificationType, type ReactionType } from '@plaza/contract';
import { translator, type Translate } from '../../texts';

/** The start of a comment, short enough for a notification line. */
const excerpt = (text: string) => (text.length > 80 ? `${text.slice(0, 77)}…` : text);

const ENGLISH = translator('en');

export function notificationTexts(t: Translate = ENGLISH) {
  return {
    friendRequest: (actor: string) => t('notification.friendRequest', { actor }),
    friendAccept: (actor: string) => t('notification.friendAccept', { actor }),
    reaction: (actor: string, kind: ReactionType) => t('notification.reaction', { actor, emoji: REACTION_EMOJI[kind] }),
    comment: (actor: string, content: string) => t('notification.comment', { actor, excerpt: excerpt(content) }),
    commentLike: (actor: string) => t('notification.commentLike', { actor }),
    /** A post's or comment's start is quoted; a message's text is not (it stays between the people of the conversation). */
    mention: (actor: string, where: 'post' | 'comment' | 'message', text: string) =>
      t(`notification.mention.${where}`, { actor, excerpt: excerpt(text) }),
    contentRemoved: (what: 'post' | 'comment' | 'story' | 'message', reason: string) =>
      t(`notification.removed.${what}`, { reason: excerpt(reason) }),
  };
}
export type NotificationTexts = ReturnType<typeof notificationTexts>;

/** The reaction a stored line tells of: its emoji that comes last (every language writes the actor's name first). */
function reactionIn(text: string): ReactionType | undefined {
  let found: { kind: ReactionType; at: number } | undefined;
  for (const kind of REACTION_TYPES) {
    const at = text.lastIndexOf(REACTION_EMOJI[kind]);
    if (at >= 0 && (!found || at > found.at)) found = { kind, at };
  }
  return found?.kind;
}

/**
 * A stored line written again in the reader's current language, for the kinds whose line is the actor and
 * the kind (and a reaction's emoji, kept in the line); null for a comment's or a mention's excerpt and the
 * moderators' reason, which only the stored line holds: those keep the language they were written in.
 */
export function lineNow(row: { type: NotificationType; text: string }, actor: string, texts: NotificationTexts): string | null {
  switch (row.type) {
    case 'friend_request':
      return texts.friendRequest(actor);
    case 'friend_accept':
      return texts.friendAccept(actor);
    case 'comment_like':
      return texts.commentLike(actor);
    case 'post_reaction': {
      const kind = reactionIn(row.text);
      return kind ? texts.reaction(actor, kind) : null;
    }
    default:
      return null;
  }
}

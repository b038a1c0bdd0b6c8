/**
 * What each notification says, in its recipient's language (texts/): written once, when it is stored, as
 * a mail is. Shared by the notifications this feature stores and the seed's (English).
 */
import { REACTION_EMOJI, type ReactionType } from '@plaza/contract';
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

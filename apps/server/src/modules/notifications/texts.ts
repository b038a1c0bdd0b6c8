/** What each notification says, shared by the notifications this feature stores and the seed's. */
import { REACTION_EMOJI, type ReactionType } from '@plaza/contract';

/** The start of a comment, short enough for a notification line. */
const excerpt = (text: string) => (text.length > 80 ? `${text.slice(0, 77)}…` : text);

export const notificationTexts = {
  friendRequest: (actor: string) => `${actor} sent you a friend request`,
  friendAccept: (actor: string) => `${actor} accepted your friend request`,
  reaction: (actor: string, kind: ReactionType) => `${actor} reacted ${REACTION_EMOJI[kind]} to your post`,
  comment: (actor: string, content: string) => `${actor} commented on your post: “${excerpt(content)}”`,
  commentLike: (actor: string) => `${actor} liked your comment`,
  /** A post's or comment's start is quoted; a message's text is not (it stays between the people of the conversation). */
  mention: (actor: string, where: 'post' | 'comment' | 'message', text: string) =>
    where === 'message' ? `${actor} mentioned you in a message` : `${actor} mentioned you in a ${where}: “${excerpt(text)}”`,
  contentRemoved: (what: string, reason: string) => `The moderators removed your ${what}: ${excerpt(reason)}`,
};

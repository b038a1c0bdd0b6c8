/** The texts of the notifications posts, reactions and comments send, shared by the services and the seed. */
import { REACTION_EMOJI, type ReactionType } from '@plaza/contract';

/** The start of a comment, short enough for a notification line. */
const excerpt = (text: string) => (text.length > 80 ? `${text.slice(0, 77)}…` : text);

export const notificationTexts = {
  reaction: (actor: string, kind: ReactionType) => `${actor} reacted ${REACTION_EMOJI[kind]} to your post`,
  comment: (actor: string, content: string) => `${actor} commented on your post: “${excerpt(content)}”`,
  commentLike: (actor: string) => `${actor} liked your comment`,
};

/** Names people read for each reaction kind (product.md § Reactions), beside the emoji of the contract. */
import type { ReactionType } from '@plaza/contract';

export const REACTION_LABELS: Record<ReactionType, string> = {
  heart: 'Heart',
  fire: 'Fire',
  thumbsUp: 'Thumbs up',
  smile: 'Smile',
  celebrate: 'Celebrate',
  clap: 'Clap',
};

/** Where each reaction kind's counter lives on the posts row. */
import { REACTION_TYPES, type ReactionCounts, type ReactionType } from '@plaza/contract';
import type { PostsTable } from '../../db/tables/posts';

export type ReactionCounterColumn = 'heart_count' | 'fire_count' | 'thumbs_up_count' | 'smile_count' | 'celebrate_count' | 'clap_count';

export const REACTION_COLUMNS: Record<ReactionType, ReactionCounterColumn> = {
  heart: 'heart_count',
  fire: 'fire_count',
  thumbsUp: 'thumbs_up_count',
  smile: 'smile_count',
  celebrate: 'celebrate_count',
  clap: 'clap_count',
};

export const REACTION_COUNTER_COLUMNS = REACTION_TYPES.map((k) => REACTION_COLUMNS[k]);

export type ReactionCounters = Pick<{ [K in keyof PostsTable]: number }, ReactionCounterColumn>;

export function reactionCountsOf(row: ReactionCounters): ReactionCounts {
  return {
    heart: row.heart_count,
    fire: row.fire_count,
    thumbsUp: row.thumbs_up_count,
    smile: row.smile_count,
    celebrate: row.celebrate_count,
    clap: row.clap_count,
  };
}

export const totalOf = (counts: ReactionCounts): number => REACTION_TYPES.reduce((sum, k) => sum + counts[k], 0);

/** One person's reaction kinds on a post as a bit set, bit i standing for REACTION_TYPES[i]. */
import { REACTION_TYPES } from '@plaza/contract';
import { sql } from 'kysely';

/**
 * The bits of the `post_reactions` rows in scope, `sum(case kind when 'heart' then 1 when 'fire' then 2 …)`,
 * the kinds written as constants, never parameters.
 */
export const viewerKindBits = sql<number>`sum(case kind ${sql.join(
  REACTION_TYPES.map((k, i) => sql`when ${sql.lit(k)} then ${sql.lit(1 << i)}`),
  sql` `,
)} end)`;

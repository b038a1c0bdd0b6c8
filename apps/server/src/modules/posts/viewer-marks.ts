/**
 * One person's marks on a post in SQL: their reaction kinds as a bit set (bit i standing for
 * REACTION_TYPES[i]) and their favorite mark as 0 or 1.
 */
import { REACTION_TYPES } from '@plaza/contract';
import { sql, type RawBuilder } from 'kysely';

/**
 * The bits of the `post_reactions` rows in scope, `sum(case kind when 'heart' then 1 when 'fire' then 2 …)`,
 * the kinds written as constants, never parameters.
 */
export const viewerKindBits = sql<number>`sum(case kind ${sql.join(
  REACTION_TYPES.map((k, i) => sql`when ${sql.lit(k)} then ${sql.lit(1 << i)}`),
  sql` `,
)} end)`;

/** The viewer's reaction kinds on the post `postId` (a column reference), 0 for none. */
export const viewerKindsOn = (postId: string, viewerId: string): RawBuilder<number> =>
  sql<number>`coalesce((select ${viewerKindBits} from post_reactions r where r.post_id = ${sql.ref(postId)} and r.user_id = ${viewerId}), 0)`;

/** 1 when the viewer saved the post `postId` (a column reference), else 0. */
export const viewerFavoriteOn = (postId: string, viewerId: string): RawBuilder<number> =>
  sql<number>`case when exists (select 1 from post_favorites f where f.post_id = ${sql.ref(postId)} and f.user_id = ${viewerId}) then 1 else 0 end`;

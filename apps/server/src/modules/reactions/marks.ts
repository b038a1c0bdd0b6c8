/**
 * One person's reaction kinds on a post in SQL, as a bit set (bit i standing for REACTION_TYPES[i]): the
 * query piece through which the posts feature shows a reader their own reactions (a post, a feed page,
 * the timeline's marks) without naming this feature's table itself.
 */
import { REACTION_TYPES, type ReactionType } from '@plaza/contract';
import { sql, type RawBuilder } from 'kysely';

/**
 * The bits of the `post_reactions` rows in scope, `sum(case kind when 'heart' then 1 when 'fire' then 2 …)`,
 * the kinds written as constants, never parameters.
 */
const kindBits = sql<number>`sum(case kind ${sql.join(
  REACTION_TYPES.map((k, i) => sql`when ${sql.lit(k)} then ${sql.lit(1 << i)}`),
  sql` `,
)} end)`;

/** The viewer's reaction kinds on the post `postId` (a column reference), 0 for none. */
export const viewerKindsOn = (postId: string, viewerId: string): RawBuilder<number> =>
  sql<number>`coalesce((select ${kindBits} from post_reactions r where r.post_id = ${sql.ref(postId)} and r.user_id = ${viewerId}), 0)`;

/** The reader's kinds on a post, both given as column references (the timeline rebuild checks every row). */
export const readerKindsOn = (postRef: string, readerRef: string): RawBuilder<number> =>
  sql<number>`coalesce((select ${kindBits} from post_reactions r where r.post_id = ${sql.ref(postRef)} and r.user_id = ${sql.ref(readerRef)}), 0)`;

/** How many people hold `kind` on the post `postRef` (a column reference): what its counter should say. */
export const reactionCountOn = (postRef: string, kind: ReactionType): RawBuilder<number> =>
  sql<number>`(select count(*) from post_reactions r where r.post_id = ${sql.ref(postRef)} and r.kind = ${sql.lit(kind)})`;

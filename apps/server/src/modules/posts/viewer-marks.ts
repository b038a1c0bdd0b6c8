/**
 * One person's favorite mark on a post in SQL (0 or 1). Their reaction kinds come from the reactions
 * feature's `viewerKindsOn`, as a bit set in REACTION_TYPES order.
 */
import { sql, type RawBuilder } from 'kysely';

/** 1 when the viewer saved the post `postId` (a column reference), else 0. */
export const viewerFavoriteOn = (postId: string, viewerId: string): RawBuilder<number> =>
  sql<number>`case when exists (select 1 from post_favorites f where f.post_id = ${sql.ref(postId)} and f.user_id = ${viewerId}) then 1 else 0 end`;

/** The same with the reader as a column reference too (the timeline rebuild checks every row). */
export const readerFavoriteOn = (postRef: string, readerRef: string): RawBuilder<number> =>
  sql<number>`case when exists (select 1 from post_favorites f where f.post_id = ${sql.ref(postRef)} and f.user_id = ${sql.ref(readerRef)}) then 1 else 0 end`;

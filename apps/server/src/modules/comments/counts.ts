/** What a post's comment counter should say, as SQL (the counter rebuild compares it with the stored one). */
import { sql, type RawBuilder } from 'kysely';

/** How many comments the post `postRef` (a column reference) has. */
export const commentCountOn = (postRef: string): RawBuilder<number> =>
  sql<number>`(select count(*) from comments c where c.post_id = ${sql.ref(postRef)})`;

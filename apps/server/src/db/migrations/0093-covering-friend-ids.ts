import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * A person's friends, in id order, straight from an index: each half of `friendIdsQuery` (people/friendships.ts)
 * reads `(user_low, status)` or `(user_high, status)` and wants the other side's id. With the other id in the
 * index as well, a range of friends after a given id (a post's fan-out, a batch at a time) is a seek and a
 * short walk of one index per half, merged in order; before, each half read every friend's row from the table
 * and sorted them all, so a batch of 250 timelines out of 5,000 friends read all 5,000 rows three times
 * (post-fan-out.ts; figures in bench/README.md, "Fan-out" under Feed). The new indexes
 * begin with the old ones' columns, so every query that used those uses these.
 *
 * On PostgreSQL each build takes about 3 s per million friendships on this project's 2-core machine,
 * past the 5 s statement timeout a large network's migration would otherwise run under; the migrations
 * of one start run in one transaction, so the longer bound holds for this start's migrations only. While
 * an index builds, writes to `connections` (friend requests and their answers) wait for it; reads do not.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) await sql`set local statement_timeout = '10min'`.execute(db);
  await db.schema.createIndex('connections_low_friends_idx').on('connections').columns(['user_low', 'status', 'user_high']).execute();
  await db.schema.createIndex('connections_high_friends_idx').on('connections').columns(['user_high', 'status', 'user_low']).execute();
  await db.schema.dropIndex('connections_low_idx').execute();
  await db.schema.dropIndex('connections_high_idx').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('connections_high_idx').on('connections').columns(['user_high', 'status']).execute();
  await db.schema.createIndex('connections_low_idx').on('connections').columns(['user_low', 'status']).execute();
  await db.schema.dropIndex('connections_low_friends_idx').execute();
  await db.schema.dropIndex('connections_high_friends_idx').execute();
}

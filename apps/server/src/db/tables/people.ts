/** Tables of the people feature: connections (friend requests and friendships) and notifications. */

/**
 * One row per pair of users, whatever its state. `user_low`/`user_high` are the two ids sorted, so a
 * unique index on them makes two simultaneous requests between the same people impossible.
 */
export interface ConnectionsTable {
  id: string;
  user_low: string;
  user_high: string;
  /** Who sent the request (still meaningful once accepted). */
  requester_id: string;
  status: 'pending' | 'accepted';
  created_at: string;
  updated_at: string;
}

export interface NotificationsTable {
  id: string;
  recipient_id: string;
  actor_id: string;
  type: 'friend_request' | 'friend_accept' | 'post_reaction' | 'post_comment' | 'comment_like';
  entity_id: string | null;
  text: string;
  read: number;
  created_at: string;
}

/**
 * Migration 0002 also keeps search helpers that only raw SQL in people/search-repo.ts reads, so they
 * have no row type here: on SQLite the FTS5 table `users_name_trigrams` and its `users_name_trigram_keys`,
 * both maintained by triggers on `users`.
 */
export interface PeopleTables {
  connections: ConnectionsTable;
  notifications: NotificationsTable;
}

/** Tables of the people feature: connections (friend requests and friendships). */

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

export interface PeopleTables {
  connections: ConnectionsTable;
}

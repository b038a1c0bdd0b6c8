/** Tables of the notifications feature. */

export interface NotificationsTable {
  id: string;
  recipient_id: string;
  actor_id: string;
  type: 'friend_request' | 'friend_accept' | 'post_reaction' | 'post_comment' | 'comment_like' | 'content_removed' | 'mention';
  entity_id: string | null;
  text: string;
  read: number;
  created_at: string;
}

export interface NotificationTables {
  notifications: NotificationsTable;
}

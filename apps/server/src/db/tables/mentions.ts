/** The table of the mentions feature: each person a post, comment or message mentions. */

export type MentionTarget = 'post' | 'comment' | 'message';

export interface MentionsTable {
  target_type: MentionTarget;
  target_id: string;
  /** The name as the text writes it, lower case: the text's `@` runs with this name link to `user_id`. */
  mentioned_as: string;
  user_id: string;
  author_id: string;
  /** The post a post's or comment's mention belongs to (deleted with it); null for messages. */
  post_id: string | null;
  created_at: string;
}

export interface MentionTables {
  mentions: MentionsTable;
}

/** Tables of the comments feature. The comment count lives on the post (tables/posts.ts), kept in the same transaction. */
import type { Generated } from 'kysely';

export interface CommentsTable {
  id: string;
  post_id: string;
  author_id: string;
  content: string;
  created_at: string;
  /** JSON of the card of the comment's first link (modules/link-previews), written after the comment; null until then or without one. */
  link_preview: Generated<string | null>;
}

export interface CommentLikesTable {
  comment_id: string;
  user_id: string;
  created_at: string;
}

export interface CommentTables {
  comments: CommentsTable;
  comment_likes: CommentLikesTable;
}

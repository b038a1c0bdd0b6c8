/** Tables of the comments feature. The comment count lives on the post (tables/posts.ts), kept in the same transaction. */

export interface CommentsTable {
  id: string;
  post_id: string;
  author_id: string;
  content: string;
  created_at: string;
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

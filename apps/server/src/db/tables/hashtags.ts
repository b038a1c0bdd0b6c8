/** Tables of the hashtags feature: every tag used, and each use in a post's text or a comment. */

export interface HashtagsTable {
  tag: string;
  /** When it was first used. */
  created_at: string;
}

export interface PostTagsTable {
  tag: string;
  post_id: string;
  /** The post's author, who used the tag. */
  author_id: string;
  /** When the tag came into the post: its publication, or the edit that added it. */
  created_at: string;
}

export interface CommentTagsTable {
  comment_id: string;
  tag: string;
  post_id: string;
  /** The comment's author, who used the tag. */
  author_id: string;
  post_author_id: string;
  created_at: string;
}

export interface HashtagTables {
  hashtags: HashtagsTable;
  post_tags: PostTagsTable;
  comment_tags: CommentTagsTable;
}

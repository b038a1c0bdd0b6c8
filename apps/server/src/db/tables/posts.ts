/** Tables of the posts feature. The posts helper columns may grow; `posts.author_id` and `created_at` are relied on by profiles. */
export interface PostsTable {
  id: string;
  author_id: string;
  content: string;
  created_at: string;
}

export interface PostTables {
  posts: PostsTable;
}

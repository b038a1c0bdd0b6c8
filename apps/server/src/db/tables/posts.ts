/**
 * Tables of the posts feature: posts with their counters, favorites, and the home feed's read model
 * (the per-reader timeline, modules/posts/timeline-read-model.ts).
 */
import type { Generated } from 'kysely';

export interface PostsTable {
  id: string;
  author_id: string;
  content: string;
  created_at: string;
  /** When the author last edited the post (migration 0040); null until then. */
  edited_at: Generated<string | null>;
  /** JSON array of the post's images (url, thumb_url, width, height): written once, always read with the post. */
  media: Generated<string>;
  /**
   * Reaction counters per kind and the comment count, moved through the posts feature's counter functions
   * in the same transaction as the reactions' and comments' rows they count.
   */
  heart_count: Generated<number>;
  fire_count: Generated<number>;
  thumbs_up_count: Generated<number>;
  smile_count: Generated<number>;
  celebrate_count: Generated<number>;
  clap_count: Generated<number>;
  comments_count: Generated<number>;
  /** JSON of the card of the post's first link (modules/link-previews), written after the post; null until then or without one. */
  link_preview: Generated<string | null>;
}

export interface PostFavoritesTable {
  user_id: string;
  post_id: string;
  created_at: string;
}

/**
 * The home feed, filled on write: one row per reader and post (the author and each friend), so a feed
 * page is one index range read instead of a merge over every friend's posts.
 */
export interface FeedItemsTable {
  owner_id: string;
  post_id: string;
  /** The owner's own reaction kinds on the post (bit i: REACTION_TYPES[i]), kept with every toggle. */
  reader_kinds: Generated<number>;
  /** 1 when the owner saved the post, kept with every favorite toggle. */
  reader_favorite: Generated<number>;
}

/** How many rows each reader's timeline holds, moved in the same statements' transaction, so the feed's total is one lookup. */
export interface FeedSizesTable {
  owner_id: string;
  size: number;
}

export interface PostTables {
  posts: PostsTable;
  post_favorites: PostFavoritesTable;
  feed_items: FeedItemsTable;
  feed_sizes: FeedSizesTable;
}

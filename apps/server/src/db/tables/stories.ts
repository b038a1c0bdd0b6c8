/** Tables of the stories feature. */

export interface StoriesTable {
  id: string;
  user_id: string;
  /** Public URL under /media/; the storage key is derived from it. */
  media_url: string;
  media_type: 'image' | 'video';
  /** A video's still frame (migration 0041); null for photos and older videos. */
  poster_url: string | null;
  caption: string | null;
  created_at: string;
  /** created_at + the configured lifetime; nothing past it is listed or viewable. */
  expires_at: string;
  /** A video still being made playable, or that could not be (migration 0135); null when it plays. Only its author sees it meanwhile. */
  status: 'processing' | 'failed' | null;
  /** The uploaded video kept until its job is done (`uploads/`), else null. */
  source_key: string | null;
}

/** One row per person who watched a story; the owner's own views are not recorded. */
export interface StoryViewsTable {
  story_id: string;
  viewer_id: string;
  viewed_at: string;
}

export interface StoryTables {
  stories: StoriesTable;
  story_views: StoryViewsTable;
}

/**
 * What the hashtags feature needs of the posts feature, declared here and handed over when the app is
 * built (modules/index.ts passes the posts feature's `PostsApi`). Posts writes the tag index through this
 * feature's `tagIndex`; this feature never imports posts.
 */
import type { Post } from '@plaza/contract';

export interface PostsPort {
  /** The posts as the viewer sees them, in the order of `ids`; a post gone meanwhile is left out. */
  viewed(viewerId: string, ids: readonly string[]): Promise<Post[]>;
}

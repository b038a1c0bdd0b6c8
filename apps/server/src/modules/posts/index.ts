/**
 * The posts feature's public API. It owns posts with their counters, favorites, and the home feed's
 * timeline read model; features that act on posts get its `PostsApi` from the built feature.
 */
export type { PostsApi, PublishedPost } from './api';
export type { PostsFeature } from './feature';
export { createPostsFeature } from './feature';
export { backfillPostImages } from './image-backfill';
export { rebuildTimelines, type RebuildReport } from './timeline-rebuild';
export { buildFeedPageKey, feedPageKeyState, type BuildOutcome } from './feed-page-key';

/** The stories feature's public API. It owns `stories` and `story_views`. */
export type { StoriesApi } from './api';
export { createStoriesFeature } from './feature';

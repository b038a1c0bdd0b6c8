/** The stories feature's public API. It owns `stories` and `story_views`. */
export { createStoriesFeature } from './feature';

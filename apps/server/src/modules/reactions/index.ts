/**
 * The reactions feature's public API. It owns `post_reactions`; the posts feature shows a reader their
 * own kinds through `viewerKindsOn`. Nothing here imports posts: what reactions need of it is declared
 * in posts-port.ts and handed over when the app is built, so the two never import each other in a circle.
 */
export type { ReactionsApi } from './api';
export { createReactionsFeature, type ReactionsFeature } from './feature';
export { reactionCountOn, readerKindsOn, viewerKindsOn } from './marks';
